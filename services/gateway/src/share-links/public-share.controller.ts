import { Controller, Get, HttpException, HttpStatus, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, ObjectStorage, Public, RpcClient, RpcFailure, shareLinkIdOf } from '@reelsmith/kit';
import { authV1, mediaV1, notificationsV1, shareLinksV1 } from '@reelsmith/proto';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { type Disposition, inlineName, sendObject } from '../http/object-response';
import { GATEWAY_CONFIG } from '../tokens';
import { ShareLinkThrottle } from './share-link-throttle';
import { originOf, sharedMediaPath, sharePagePath } from './share-link-json';
import { renderGonePage, renderSharePage } from './share-page';

const Rpc = shareLinksV1.ShareLinksService.method;
const { ObjectKind } = mediaV1;

const GONE = 'This link has expired or was revoked';

/**
 * What anyone with a share link sees, signed in or not: the page /r/{token} and its media under
 * /api/public/r/{token}/. The token is checked here first (its HMAC: a forged one costs no RPC),
 * then counted against the link's budget, then the media service checks the link in the database
 * before anything is read from storage. The objects served are only ever the link's own reel and
 * poster, looked up by the link: nothing in the URL names a storage key.
 */
@ApiTags('share links')
@Public()
@Controller()
export class PublicShareController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly throttle: ShareLinkThrottle,
  ) {}

  @Get('r/:token')
  @ApiExcludeEndpoint()
  async page(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html');
    try {
      await this.admit(token, res);
      // Express answers HEAD through this route too: a HEAD is no view.
      const shared = await this.rpc.call(Rpc.shareLinksOpen, { token, countView: req.method === 'GET' });
      const creator = await this.creatorName(shared.userId);
      const link = shared.link!;
      res.status(200).send(
        renderSharePage({
          origin: originOf(req),
          pagePath: sharePagePath(token),
          title: link.title,
          creator,
          videoPath: sharedMediaPath(token, 'video'),
          posterPath: shared.hasPoster ? sharedMediaPath(token, 'poster') : null,
          downloadPath: link.allowDownload ? sharedMediaPath(token, 'download') : null,
          contentType: shared.contentType,
          width: shared.width,
          height: shared.height,
        }),
      );
    } catch (err) {
      if (err instanceof RpcFailure && err.code === ErrorCode.NOT_FOUND) {
        res.status(404).send(renderGonePage(GONE, 'Ask whoever sent it for a new one.'));
        return;
      }
      if (err instanceof HttpException && err.getStatus() === 429) {
        res.status(429).send(renderGonePage('This reel is very popular right now', 'Please try again in a minute.'));
        return;
      }
      throw err;
    }
  }

  @Get('api/public/r/:token/video')
  @ApiOperation({ summary: 'The reel of a share link, with Range (206); 404 once revoked or expired; 429 with Retry-After past the link budget' })
  video(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    return this.send(token, ObjectKind.REEL, req, res);
  }

  @Get('api/public/r/:token/poster')
  @ApiOperation({ summary: "The reel's poster (JPEG) of a share link" })
  poster(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    return this.send(token, ObjectKind.REEL_POSTER, req, res);
  }

  @Get('api/public/r/:token/download')
  @ApiOperation({ summary: 'The reel as an attachment with its file name; 404 when the link does not allow downloads' })
  download(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    return this.send(token, ObjectKind.REEL_DOWNLOAD, req, res);
  }

  private async send(token: string, kind: mediaV1.ObjectKind, req: Request, res: Response) {
    await this.admit(token, res);
    const object = await this.rpc.call(Rpc.shareLinksObject, { token, kind });
    const disposition: Disposition = object.filename
      ? { type: 'attachment', filename: object.filename }
      : { type: 'inline', filename: inlineName(kind === ObjectKind.REEL_POSTER ? 'poster' : 'reel', object.contentType) };
    // Public, but only for a minute in the browser's cache: a revoked link stops being served soon.
    await sendObject(
      this.storage,
      { key: object.key, size: Number(object.size), contentType: object.contentType, cacheControl: 'private, max-age=60', disposition },
      req,
      res,
    );
  }

  /** 404 for a token we never made; 429 with Retry-After when the link is over its budget. */
  private async admit(token: string, res: Response): Promise<void> {
    if (!shareLinkIdOf(this.config.MEDIA_URL_SECRET, token)) throw RpcFailure.notFound(GONE);
    const verdict = await this.throttle.admit(token);
    if (verdict.allowed) return;
    res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
    throw new HttpException('Too many requests for this link. Please try again in a minute.', HttpStatus.TOO_MANY_REQUESTS);
  }

  /** The name the creator gave in their settings, else their username. */
  private async creatorName(userId: string): Promise<string> {
    const [settings, user] = await Promise.all([
      this.rpc.call(notificationsV1.NotificationsService.method.settingsGet, { userId }),
      this.rpc.call(authV1.AuthService.method.me, { userId }),
    ]);
    return settings.name.trim() || user.username;
  }
}
