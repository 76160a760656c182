import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { mediaV1, notificationsV1 } from '@reelsmith/proto';
import { completeUploadBody, type DeletedJson, type MoveVideoInput, moveVideoBody, trimBody, type VideoAnalysisJson } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { videoJson } from './video-json';
import { Idempotent } from '../http/idempotency.interceptor';

const Rpc = mediaV1.MediaService.method;
/**
 * complete-upload copies the file inside S3 and runs ffprobe on it before it answers: under load that
 * takes far longer than a read, and a 503 after the usual RPC timeout would hide a video that media
 * goes on to create (the client's retry then finds its upload used).
 */
const COMPLETE_UPLOAD_TIMEOUT_MS = 60_000;

@ApiTags('videos')
@ApiBearerAuth()
@Controller('api')
export class VideosController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('objects/upload')
  @HttpCode(200)
  async uploadUrl(@CurrentCaller() caller: Caller) {
    const { uploadUrl } = await this.rpc.call(Rpc.uploadUrlCreate, { userId: caller.userId });
    return { uploadURL: uploadUrl };
  }

  @Put('videos/complete-upload')
  @Idempotent()
  async completeUpload(@CurrentCaller() caller: Caller, @JsonBody(completeUploadBody) body: z.output<typeof completeUploadBody>) {
    const video = await this.rpc.call(
      Rpc.uploadComplete,
      {
        userId: caller.userId,
        videoUrl: body.videoURL,
        title: body.title,
        originalFilename: body.originalFilename,
        fileSize: BigInt(body.fileSize),
        duration: body.duration,
        language: await this.transcriptLanguage(caller.userId),
      },
      { timeoutMs: COMPLETE_UPLOAD_TIMEOUT_MS },
    );
    return videoJson(video);
  }

  /** The user's transcript language (settings), for the transcript of a new video; English when settings cannot answer. */
  private async transcriptLanguage(userId: string): Promise<string> {
    const settings = await this.rpc.call(notificationsV1.NotificationsService.method.settingsGet, { userId }).catch(() => null);
    return settings?.transcriptLanguage ?? '';
  }

  @Get('videos')
  async list(@CurrentCaller() caller: Caller) {
    const { videos } = await this.rpc.call(Rpc.videosList, { userId: caller.userId });
    return videos.map(videoJson);
  }

  @Get('videos/:id')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return videoJson(await this.rpc.call(Rpc.videosGet, { userId: caller.userId, videoId: id }));
  }

  /** What the highlight engine measured: shot boundaries (for the editor's timeline) and per-step signals. */
  @Get('videos/:id/analysis')
  async analysis(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<VideoAnalysisJson> {
    const a = await this.rpc.call(Rpc.videosAnalysis, { userId: caller.userId, videoId: id });
    return {
      videoId: a.videoId,
      step: a.step,
      duration: a.duration,
      hasAudio: a.hasAudio,
      cuts: a.cuts,
      loudness: a.loudness,
      motion: a.motion,
      faceCount: a.faceCount,
      faceCenter: a.faceCenter,
      speech: a.speech.map(({ start, end }) => ({ start, end })),
    };
  }

  /** Moves a video into one of the caller's folders, or back to the library with folderId null. */
  @Patch('videos/:id')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(moveVideoBody) { folderId }: MoveVideoInput) {
    return videoJson(await this.rpc.call(Rpc.videosMove, { userId: caller.userId, videoId: id, folderId: folderId ?? '' }));
  }

  @Delete('videos/:id')
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeletedJson> {
    const { videoId } = await this.rpc.call(Rpc.videosDelete, { userId: caller.userId, videoId: id });
    return { id: videoId, deleted: true };
  }

  @Post('videos/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: "Put a video in 'error' back in the queue (status uploaded, reason cleared); another status answers 409" })
  async retry(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return videoJson(await this.rpc.call(Rpc.videosRetry, { userId: caller.userId, videoId: id }));
  }

  @Post('videos/:id/trim')
  @Idempotent()
  async trim(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(trimBody) body: z.output<typeof trimBody>) {
    const clip = await this.rpc.call(Rpc.videosTrim, { userId: caller.userId, videoId: id, ...body });
    return videoJson(clip);
  }
}
