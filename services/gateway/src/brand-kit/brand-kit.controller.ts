import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { isUuid, ObjectStorage, RpcClient, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import {
  type BrandCardJson,
  type BrandFont,
  brandKitBody,
  type BrandKitJson,
  type BrandKitSettings,
  DEFAULT_BRAND_KIT,
  LOGO_MAX_BYTES,
  type LogoPosition,
} from '@reelsmith/proto/http';
import type { Request, Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { SignedMedia } from '../auth/signed-media.decorator';
import { JsonBody } from '../http/body';
import { inlineName, sendObject } from '../http/object-response';
import { receiveLogo } from './logo-upload';

const Rpc = mediaV1.MediaService.method;

const cardJson = (card: mediaV1.BrandCard | undefined, fallback: BrandCardJson): BrandCardJson =>
  card ? { enabled: card.enabled, text: card.text, background: card.background, color: card.color, duration: card.duration } : fallback;

/** The brand kit as the web app reads it. */
export function brandKitJson(kit: mediaV1.BrandKit): BrandKitJson {
  return {
    saved: kit.saved,
    logo: {
      url: kit.logoUrl || null,
      width: kit.logoWidth,
      height: kit.logoHeight,
      position: kit.logoPosition as LogoPosition,
      opacity: kit.logoOpacity,
      size: kit.logoSize,
    },
    intro: cardJson(kit.intro, DEFAULT_BRAND_KIT.intro),
    outro: cardJson(kit.outro, DEFAULT_BRAND_KIT.outro),
    captionColor: kit.captionColor,
    font: kit.font as BrandFont,
    updatedAt: kit.updatedAt ? timestampDate(kit.updatedAt).toISOString() : null,
  };
}

@ApiTags('brand kit')
@Controller('api/user/brand-kit')
export class BrandKitController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
  ) {}

  @ApiBearerAuth()
  @Get()
  @ApiOperation({ summary: "The caller's brand kit; saved false (and the defaults) when there is none yet." })
  async get(@CurrentCaller() caller: Caller): Promise<BrandKitJson> {
    return brandKitJson(await this.rpc.call(Rpc.brandKitGet, { userId: caller.userId }));
  }

  @ApiBearerAuth()
  @Put()
  @ApiOperation({ summary: 'Saves the whole kit but the logo file: logo position, opacity and size, intro and outro cards, caption colour and font.' })
  async put(@CurrentCaller() caller: Caller, @JsonBody(brandKitBody) body: BrandKitSettings): Promise<BrandKitJson> {
    const kit = await this.rpc.call(Rpc.brandKitPut, {
      userId: caller.userId,
      logoPosition: body.logo.position,
      logoOpacity: body.logo.opacity,
      logoSize: body.logo.size,
      intro: body.intro,
      outro: body.outro,
      captionColor: body.captionColor,
      font: body.font,
    });
    return brandKitJson(kit);
  }

  @ApiBearerAuth()
  @Post('logo')
  @HttpCode(200)
  @ApiOperation({
    summary: `Sets the logo: the image as the body (image/png or image/svg+xml), at most ${LOGO_MAX_BYTES / 1024 / 1024} MB and 4096 px a side. Checked by content (not an image: 400, too big: 413; nothing stored); an SVG is rasterised to PNG once.`,
  })
  async setLogo(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<BrandKitJson> {
    const bytes = await receiveLogo(req);
    // The media service reads it from the bucket (a NATS message is too small for 2 MB) and removes it.
    const uploadKey = `brand/${caller.userId}/incoming-${randomUUID()}`;
    await this.storage.writeStream(uploadKey, Readable.from([bytes]), 'application/octet-stream');
    return brandKitJson(await this.rpc.call(Rpc.brandKitLogoSet, { userId: caller.userId, uploadKey }, { timeoutMs: 30_000 }));
  }

  @ApiBearerAuth()
  @Delete('logo')
  @ApiOperation({ summary: 'Removes the logo (the rest of the kit stays).' })
  async deleteLogo(@CurrentCaller() caller: Caller): Promise<BrandKitJson> {
    return brandKitJson(await this.rpc.call(Rpc.brandKitLogoDelete, { userId: caller.userId }));
  }

  /** The stored logo (a PNG) for the kit's preview; only its owner's signed URL opens it. */
  @SignedMedia()
  @Get('logo/:id')
  async logo(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    if (!isUuid(id)) throw RpcFailure.notFound('Logo not found');
    const object = await this.rpc.call(Rpc.brandKitLogoResolve, { userId: caller.userId, logoId: id });
    await sendObject(
      this.storage,
      {
        key: object.key,
        size: Number(object.size),
        contentType: object.contentType,
        cacheControl: 'private, max-age=3600',
        disposition: { type: 'inline', filename: inlineName(`logo-${id}`, object.contentType) },
      },
      req,
      res,
    );
  }
}
