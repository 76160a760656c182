import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { ProjectFormat } from '@reelsmith/proto/http';
import type { Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';

const Rpc = mediaV1.MediaService.method;

/**
 * A reel's timeline for another editor (docs/videos.md, "Finishing in another editor"): the moments
 * with source timecodes, the crop and the music, as a download. Another user's reel is a 404, a
 * reel not ready a 409; any other extension matches no route (404).
 */
@ApiTags('highlights')
@ApiBearerAuth()
@Controller('api/highlights')
export class ProjectFilesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/project.edl')
  @ApiOperation({ summary: 'The reel as a CMX3600 EDL (Premiere, Resolve, Avid): source and record timecodes on the source frame rate, music on A2' })
  edl(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(caller, id, 'edl', res);
  }

  @Get(':id/project.fcpxml')
  @ApiOperation({ summary: 'The reel as FCPXML 1.10 (Final Cut Pro, DaVinci Resolve): rational times, crop as position keyframes, music in lane -1' })
  fcpxml(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(caller, id, 'fcpxml', res);
  }

  @Get(':id/project.mlt')
  @ApiOperation({ summary: 'The reel as an MLT XML project (Shotcut, Kdenlive, melt): in/out in frames, crop as an affine filter, a music track' })
  mlt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(caller, id, 'mlt', res);
  }

  @Get(':id/project.json')
  @ApiOperation({ summary: 'The reel as JSON (ProjectJson, docs/schemas/project.schema.json): moments, frames, timecodes, scores, reasons, crop path, music' })
  json(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res() res: Response) {
    return this.send(caller, id, 'json', res);
  }

  private async send(caller: Caller, highlightId: string, format: ProjectFormat, res: Response) {
    const file = await this.rpc.call(Rpc.highlightsProject, { userId: caller.userId, highlightId, format });
    res
      .status(200)
      .set({
        'content-type': file.contentType,
        // The media service makes the name ASCII-safe; the quotes are taken out all the same.
        'content-disposition': `attachment; filename="${file.filename.replace(/["\\]/g, '')}"`,
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
      })
      .send(file.content);
  }
}
