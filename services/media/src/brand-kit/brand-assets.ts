import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import type { BrandCardJson } from '@reelsmith/proto/http';
import type { BrandKitEntity } from '../entities/brand-kit.entity';
import { CAPTION_FONTS_DIR, type CaptionBrand } from '../speech/captions';
import { BrandKitsRepository } from './brand-kits.repository';
import { assColour, assFont, type BrandRender, cardAss, type CardRender } from './brand-render';

export interface PreparedBrand {
  render: BrandRender;
  captions: CaptionBrand;
}

/**
 * What a render needs of the user's brand kit, made in the job's folder: the logo's PNG copied from
 * the bucket, each card's text as an ASS file for the reel's size, and the captions' colour and
 * face. The kit as it is when the reel renders (a re-render shows a changed kit).
 */
@Injectable()
export class BrandAssets {
  constructor(
    private readonly kits: BrandKitsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /** null when the user has no kit (deleted since the reel was asked for). */
  async prepare(userId: string, frame: { width: number; height: number }, workDir: string): Promise<PreparedBrand | null> {
    const kit = await this.kits.find(userId);
    if (!kit) return null;
    const render: BrandRender = { fontsDir: CAPTION_FONTS_DIR };
    if (kit.logoKey && (await this.storage.stat(kit.logoKey))) {
      const file = join(workDir, 'brand-logo.png');
      await this.storage.downloadFile(kit.logoKey, file);
      render.logo = { file, position: kit.logoPosition, opacity: kit.logoOpacity, size: kit.logoSize };
    }
    render.intro = await this.card('intro', kit.intro, kit, frame, workDir);
    render.outro = await this.card('outro', kit.outro, kit, frame, workDir);
    const font = assFont(kit.font);
    return { render, captions: { primary: assColour(kit.captionColor), family: font.family, bold: font.bold } };
  }

  private async card(
    name: string,
    card: BrandCardJson,
    kit: BrandKitEntity,
    frame: { width: number; height: number },
    workDir: string,
  ): Promise<CardRender | undefined> {
    if (!card.enabled || !card.text) return undefined;
    const file = join(workDir, `brand-${name}.ass`);
    await writeFile(file, cardAss(card, card.duration, kit.font, frame));
    return { file, background: card.background, seconds: card.duration };
  }
}
