import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { shareLinksV1 } from '@reelsmith/proto';
import { shareLinkBody } from '@reelsmith/proto/http';
import type { Request } from 'express';
import type { z } from 'zod/v4';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { JsonBody } from '../http/body';
import { Idempotent } from '../http/idempotency.interceptor';
import { originOf, shareLinkJson } from './share-link-json';

const Rpc = shareLinksV1.ShareLinksService.method;

/** The owner's share links (docs/share-links.md); another user's reel or link answers 404. */
@ApiTags('share links')
@ApiBearerAuth()
@Controller('api')
export class ShareLinksController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('highlights/:id/share-links')
  @Idempotent()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A public link to a ready reel {expiresAt? (ISO 8601, in the future, at most 366 days away; absent: never), allowDownload? (default false)} -> {token, url, ...}',
  })
  async create(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(shareLinkBody) body: z.output<typeof shareLinkBody>, @Req() req: Request) {
    const link = await this.rpc.call(Rpc.shareLinksCreate, {
      userId: caller.userId,
      highlightId: id,
      expiresAt: body.expiresAt ? timestampFromDate(body.expiresAt) : undefined,
      allowDownload: body.allowDownload,
    });
    return shareLinkJson(link, originOf(req));
  }

  @Get('highlights/:id/share-links')
  @ApiOperation({ summary: "The reel's links that are not revoked (expired ones too, with status 'expired'), newest first, with their views" })
  async listForReel(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request) {
    return this.list(caller, id, req);
  }

  @Get('share-links')
  @ApiOperation({ summary: "Every share link of the caller's reels that is not revoked, newest first" })
  async listAll(@CurrentCaller() caller: Caller, @Req() req: Request) {
    return this.list(caller, '', req);
  }

  @Delete('share-links/:token')
  @ApiOperation({ summary: 'Revoke a link: its page and media answer 404 from now on' })
  async revoke(@CurrentCaller() caller: Caller, @Param('token') token: string, @Req() req: Request) {
    return shareLinkJson(await this.rpc.call(Rpc.shareLinksRevoke, { userId: caller.userId, token }), originOf(req));
  }

  private async list(caller: Caller, highlightId: string, req: Request) {
    const { links } = await this.rpc.call(Rpc.shareLinksList, { userId: caller.userId, highlightId });
    const origin = originOf(req);
    return links.map((link) => shareLinkJson(link, origin));
  }
}
