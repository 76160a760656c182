import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ObjectStorage, RpcClient, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { Request, Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { SignedMedia } from '../auth/signed-media.decorator';
import { sendObject } from '../http/object-response';

const Rpc = mediaV1.MediaService.method;
const { ObjectKind } = mediaV1;
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** RFC 6266 attachment header that keeps non-ASCII names intact. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Bytes of videos for <video>, <img> and links. These URLs carry a signature (uid, exp, sig) bound
 * to the owner and the path, since such tags cannot send a JWT; a Bearer token works too.
 */
@ApiTags('media')
@Controller()
export class MediaStreamController {
  constructor(private readonly rpc: RpcClient, @Inject(ObjectStorage) private readonly storage: ObjectStorage) {}

  // Express answers HEAD through GET routes; pipe() then sends headers only.
  @SignedMedia() @Get('api/videos/:id/stream')
  stream(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, id, ObjectKind.STREAM, req, res);
  }

  @SignedMedia() @Get('api/videos/:id/download')
  download(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, id, ObjectKind.DOWNLOAD, req, res);
  }

  @SignedMedia() @Get('api/videos/:id/thumbnail')
  thumbnail(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, id, ObjectKind.THUMBNAIL, req, res);
  }

  @SignedMedia() @Get('api/highlights/:id/stream')
  reel(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.sendReel(caller, id, false, req, res);
  }

  @SignedMedia() @Get('api/highlights/:id/download')
  reelDownload(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.sendReel(caller, id, true, req, res);
  }

  /** The uploaded original as the preview source; only its owner's signature opens it. */
  @SignedMedia() @Get('objects/uploads/:filename')
  async preview(@CurrentCaller() caller: Caller, @Param('filename') filename: string, @Req() req: Request, @Res() res: Response) {
    if (!UPLOAD_NAME.test(filename)) throw RpcFailure.notFound('File not found');
    const key = `uploads/${caller.userId}/${filename}`;
    const stored = await this.storage.stat(key);
    if (!stored) throw RpcFailure.notFound('File not found');
    await this.pipe(key, stored.size, stored.contentType, req, res);
  }

  private async send(caller: Caller, id: string, kind: mediaV1.ObjectKind, req: Request, res: Response) {
    const object = await this.rpc.call(Rpc.objectResolve, { userId: caller.userId, videoId: id, kind });
    if (kind === ObjectKind.DOWNLOAD) res.setHeader('Content-Disposition', attachment(object.filename || `video-${id}.mp4`));
    await this.pipe(object.key, Number(object.size), object.contentType, req, res);
  }

  private async sendReel(caller: Caller, id: string, download: boolean, req: Request, res: Response) {
    const kind = download ? ObjectKind.REEL_DOWNLOAD : ObjectKind.REEL;
    const object = await this.rpc.call(Rpc.objectResolve, { userId: caller.userId, highlightId: id, kind });
    if (download) res.setHeader('Content-Disposition', attachment(object.filename || `reel-${id}.mp4`));
    await this.pipe(object.key, Number(object.size), object.contentType, req, res);
  }

  /** User media: private to the signed URL's owner, cached by the browser for the URL's life. */
  private pipe(key: string, size: number, contentType: string, req: Request, res: Response) {
    return sendObject(this.storage, { key, size, contentType, cacheControl: 'private, max-age=3600' }, req, res);
  }
}
