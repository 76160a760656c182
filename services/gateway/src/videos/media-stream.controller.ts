import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { isUuid, ObjectStorage, RpcClient, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { Request, Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { SignedMedia } from '../auth/signed-media.decorator';
import { type Disposition, inlineName, sendObject } from '../http/object-response';

const Rpc = mediaV1.MediaService.method;
const { ObjectKind } = mediaV1;

/**
 * Bytes of videos for <video>, <img> and links. These URLs carry a signature (uid, exp, sig) bound
 * to the owner and the path, since such tags cannot send a JWT; a Bearer token works too. Every
 * object is resolved by the media service, whose media type (from its own probe) is the one sent.
 */
@ApiTags('media')
@Controller()
export class MediaStreamController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  // Express answers HEAD through GET routes; pipe() then sends headers only.
  @SignedMedia()
  @Get('api/videos/:id/stream')
  stream(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { videoId: id, kind: ObjectKind.STREAM }, `video-${id}`, req, res);
  }

  @SignedMedia()
  @Get('api/videos/:id/download')
  download(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { videoId: id, kind: ObjectKind.DOWNLOAD }, `video-${id}`, req, res);
  }

  @SignedMedia()
  @Get('api/videos/:id/thumbnail')
  thumbnail(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { videoId: id, kind: ObjectKind.THUMBNAIL }, `thumbnail-${id}`, req, res);
  }

  /** The editor's filmstrip (JPEG) and waveform (JSON), made while processing. */
  @SignedMedia()
  @Get('api/videos/:id/filmstrip')
  filmstrip(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { videoId: id, kind: ObjectKind.FILMSTRIP }, `filmstrip-${id}`, req, res);
  }

  @SignedMedia()
  @Get('api/videos/:id/waveform')
  waveform(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { videoId: id, kind: ObjectKind.WAVEFORM }, `waveform-${id}`, req, res);
  }

  @SignedMedia()
  @Get('api/highlights/:id/stream')
  reel(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { highlightId: id, kind: ObjectKind.REEL }, `reel-${id}`, req, res);
  }

  /** A frame of the reel itself, in its shape: the reel player's poster. */
  @SignedMedia()
  @Get('api/highlights/:id/poster')
  reelPoster(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { highlightId: id, kind: ObjectKind.REEL_POSTER }, `poster-${id}`, req, res);
  }

  @SignedMedia()
  @Get('api/highlights/:id/download')
  reelDownload(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.send(caller, { highlightId: id, kind: ObjectKind.REEL_DOWNLOAD }, `reel-${id}`, req, res);
  }

  /** The checked original as the preview source; only its owner's signature opens it. */
  @SignedMedia()
  @Get('objects/uploads/:filename')
  preview(@CurrentCaller() caller: Caller, @Param('filename') filename: string, @Req() req: Request, @Res() res: Response) {
    if (!isUuid(filename)) throw RpcFailure.notFound('File not found');
    return this.send(caller, { filename, kind: ObjectKind.PREVIEW }, `video-${filename}`, req, res);
  }

  /**
   * Downloads (object.filename set: the original's or the reel's name) are attachments; the rest
   * shows inline under a name of ours.
   */
  private async send(
    caller: Caller,
    which: { kind: mediaV1.ObjectKind; videoId?: string; highlightId?: string; filename?: string },
    label: string,
    req: Request,
    res: Response,
  ) {
    const object = await this.rpc.call(Rpc.objectResolve, { ...which, userId: caller.userId });
    const disposition: Disposition = object.filename
      ? { type: 'attachment', filename: object.filename }
      : { type: 'inline', filename: inlineName(label, object.contentType) };
    // User media: private to the signed URL's owner, cached by the browser for the URL's life.
    await sendObject(
      this.storage,
      { key: object.key, size: Number(object.size), contentType: object.contentType, cacheControl: 'private, max-age=3600', disposition },
      req,
      res,
    );
  }
}
