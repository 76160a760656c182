import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { ObjectStorage, RpcFailure, signMediaPath } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { brandKitBody, DEFAULT_BRAND_KIT, readBody, type BrandCardJson } from '@reelsmith/proto/http';
import type { MediaConfig } from '../config';
import type { BrandKitEntity } from '../entities/brand-kit.entity';
import { MEDIA_CONFIG } from '../tokens';
import { BrandKitsRepository } from './brand-kits.repository';
import { LogoImages } from './logo-images';

/** Where a user's uploads wait for the check (the gateway writes them) and where the checked logo lives. */
export const brandPrefix = (userId: string) => `brand/${userId}/`;
export const incomingLogoKey = (userId: string) => `${brandPrefix(userId)}incoming-${randomUUID()}`;
const logoKey = (userId: string, id: string) => `${brandPrefix(userId)}logo-${id}.png`;
/** The id in a stored logo's key (its URL names it, so a new logo never shows a cached old one). */
export const logoIdOf = (key: string) => /logo-([0-9a-f-]{36})\.png$/.exec(key)?.[1] ?? '';

const DEFAULT_ROW = {
  logoPosition: DEFAULT_BRAND_KIT.logo.position,
  logoOpacity: DEFAULT_BRAND_KIT.logo.opacity,
  logoSize: DEFAULT_BRAND_KIT.logo.size,
  intro: DEFAULT_BRAND_KIT.intro,
  outro: DEFAULT_BRAND_KIT.outro,
  captionColor: DEFAULT_BRAND_KIT.captionColor,
  font: DEFAULT_BRAND_KIT.font,
} satisfies Partial<BrandKitEntity>;

const cardOf = (c: mediaV1.BrandCard | undefined): BrandCardJson | undefined =>
  c ? { enabled: c.enabled, text: c.text, background: c.background, color: c.color, duration: c.duration } : undefined;

/** A user's brand kit: its settings, its logo (checked, stored as PNG) and the signed URL that shows it. */
@Injectable()
export class BrandKitService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly kits: BrandKitsRepository,
    private readonly storage: ObjectStorage,
    private readonly images: LogoImages,
  ) {}

  async get(userId: string): Promise<mediaV1.BrandKit> {
    return this.view(userId, await this.kits.find(userId));
  }

  /** Replaces the settings (the logo's file stays); checked with the HTTP body's own rules. */
  async put(request: mediaV1.BrandKitPutRequest): Promise<mediaV1.BrandKit> {
    const checked = readBody(brandKitBody, {
      logo: { position: request.logoPosition, opacity: request.logoOpacity, size: request.logoSize },
      intro: cardOf(request.intro),
      outro: cardOf(request.outro),
      captionColor: request.captionColor,
      font: request.font,
    });
    if ('problem' in checked) throw RpcFailure.invalid(checked.problem.message, checked.problem.details);
    const kit = checked.value;
    const saved = await this.kits.save(request.userId, {
      logoPosition: kit.logo.position,
      logoOpacity: kit.logo.opacity,
      logoSize: kit.logo.size,
      intro: kit.intro,
      outro: kit.outro,
      captionColor: kit.captionColor,
      font: kit.font,
    });
    return this.view(request.userId, saved);
  }

  /**
   * Takes the upload the gateway stored, checks it by content, stores it as the user's logo (a PNG)
   * and removes the old one. The upload is removed whatever happens; a refused one changes nothing.
   */
  async setLogo(request: mediaV1.BrandKitLogoSetRequest): Promise<mediaV1.BrandKit> {
    const { userId, uploadKey } = request;
    if (!uploadKey.startsWith(`${brandPrefix(userId)}incoming-`)) throw RpcFailure.invalid('The logo upload was not found');
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-logo-'));
    try {
      const upload = join(work, 'upload');
      const stored = join(work, 'logo.png');
      if (!(await this.storage.stat(uploadKey))) throw RpcFailure.invalid('The logo upload was not found');
      await this.storage.downloadFile(uploadKey, upload);
      const size = await this.images.prepare(upload, stored);
      const key = logoKey(userId, randomUUID());
      await this.storage.writeFile(key, stored, 'image/png');
      const before = await this.kits.find(userId);
      const saved = await this.kits.save(userId, { ...(before ? {} : DEFAULT_ROW), logoKey: key, logoWidth: size.width, logoHeight: size.height });
      if (before?.logoKey) await this.storage.remove([before.logoKey]);
      return this.view(userId, saved);
    } finally {
      await this.storage.remove([uploadKey]).catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  }

  async deleteLogo(userId: string): Promise<mediaV1.BrandKit> {
    const kit = await this.kits.find(userId);
    if (!kit?.logoKey) return this.view(userId, kit);
    const saved = await this.kits.save(userId, { logoKey: '', logoWidth: 0, logoHeight: 0 });
    await this.storage.remove([kit.logoKey]);
    return this.view(userId, saved);
  }

  /** The stored logo for its signed URL; NOT_FOUND without one (and for an id that is not the current logo's). */
  async resolveLogo(userId: string, logoId: string): Promise<mediaV1.MediaObject> {
    const kit = await this.kits.find(userId);
    if (!kit?.logoKey || logoIdOf(kit.logoKey) !== logoId) throw RpcFailure.notFound('Logo not found');
    const stored = await this.storage.stat(kit.logoKey);
    if (!stored) throw RpcFailure.notFound('Logo not found');
    return create(mediaV1.MediaObjectSchema, { key: kit.logoKey, contentType: 'image/png', size: BigInt(stored.size), filename: '' });
  }

  private view(userId: string, kit: BrandKitEntity | null): mediaV1.BrandKit {
    const row = kit ?? DEFAULT_ROW;
    const key = kit?.logoKey ?? '';
    return create(mediaV1.BrandKitSchema, {
      saved: kit !== null,
      logoUrl: key ? signMediaPath(this.config.MEDIA_URL_SECRET, `/api/user/brand-kit/logo/${logoIdOf(key)}`, userId) : '',
      logoWidth: kit?.logoWidth ?? 0,
      logoHeight: kit?.logoHeight ?? 0,
      logoPosition: row.logoPosition,
      logoOpacity: row.logoOpacity,
      logoSize: row.logoSize,
      intro: row.intro,
      outro: row.outro,
      captionColor: row.captionColor,
      font: row.font,
      updatedAt: kit ? timestampFromDate(kit.updatedAt) : undefined,
    });
  }
}
