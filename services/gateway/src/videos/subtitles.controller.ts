import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { SignedMedia } from '../auth/signed-media.decorator';

const Rpc = mediaV1.MediaService.method;

/**
 * Subtitle files made from the transcript: a video's on its own clock, a reel's on the reel's.
 * Signed like the media they go with (a <track> cannot send a token), or with a Bearer token.
 */
@ApiTags('media')
@Controller('api')
export class SubtitlesController {
  constructor(private readonly rpc: RpcClient) {}

  @SignedMedia()
  @Get('videos/:id/subtitles.srt')
  @ApiOperation({ summary: "The whole video's subtitles (SubRip) from its transcript; 404 while it has none" })
  videoSrt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(Rpc.videosSubtitles, caller, id, 'srt', res);
  }

  @SignedMedia()
  @Get('videos/:id/subtitles.vtt')
  @ApiOperation({ summary: "The whole video's subtitles (WebVTT) from its transcript; 404 while it has none" })
  videoVtt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(Rpc.videosSubtitles, caller, id, 'vtt', res);
  }

  @SignedMedia()
  @Get('highlights/:id/subtitles.srt')
  @ApiOperation({ summary: "A reel's subtitles (SubRip): times on the reel's clock, only the words inside its moments" })
  highlightSrt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(Rpc.highlightsSubtitles, caller, id, 'srt', res);
  }

  @SignedMedia()
  @Get('highlights/:id/subtitles.vtt')
  @ApiOperation({ summary: "A reel's subtitles (WebVTT): times on the reel's clock, only the words inside its moments" })
  highlightVtt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(Rpc.highlightsSubtitles, caller, id, 'vtt', res);
  }

  private async send(method: typeof Rpc.videosSubtitles | typeof Rpc.highlightsSubtitles, caller: Caller, id: string, format: 'srt' | 'vtt', res: Response) {
    const file = await this.rpc.call(method, { userId: caller.userId, id, format });
    res
      .status(200)
      .set({ 'content-type': file.contentType, 'content-disposition': `inline; filename="${file.filename}"`, 'cache-control': 'private, no-cache' })
      .send(file.content);
  }
}
