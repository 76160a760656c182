import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, RpcFailure } from '@reelsmith/kit';
import { type Body, JsonBody, number, text } from '../http/body';
import { mediaV1 } from '@reelsmith/proto';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { videoJson } from './video-json';

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
  async completeUpload(@CurrentCaller() caller: Caller, @JsonBody(['videoURL', 'title', 'originalFilename', 'fileSize', 'duration']) body: Body) {
    const fileSize = number(body, 'fileSize');
    if (!Number.isSafeInteger(fileSize)) throw RpcFailure.invalid('fileSize must be a whole number of bytes');
    const video = await this.rpc.call(Rpc.uploadComplete, {
      userId: caller.userId,
      videoUrl: text(body, 'videoURL'),
      title: text(body, 'title', 1000),
      originalFilename: text(body, 'originalFilename', 1000),
      fileSize: BigInt(fileSize),
      duration: number(body, 'duration'),
    }, { timeoutMs: COMPLETE_UPLOAD_TIMEOUT_MS });
    return videoJson(video);
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
  async analysis(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    const a = await this.rpc.call(Rpc.videosAnalysis, { userId: caller.userId, videoId: id });
    return { videoId: a.videoId, step: a.step, duration: a.duration, hasAudio: a.hasAudio, cuts: a.cuts, loudness: a.loudness, motion: a.motion, faceCount: a.faceCount, faceCenter: a.faceCenter };
  }

  /** Moves a video into one of the caller's folders, or back to the library with folderId null. */
  @Patch('videos/:id')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(['folderId']) body: Body) {
    if (!('folderId' in body)) throw RpcFailure.invalid('folderId is required (a folder id, or null for the library)');
    const { folderId } = body;
    if (folderId !== null && (typeof folderId !== 'string' || folderId.trim() === '' || folderId.length > 100)) {
      throw RpcFailure.invalid('folderId must be a folder id, or null for the library');
    }
    return videoJson(await this.rpc.call(Rpc.videosMove, { userId: caller.userId, videoId: id, folderId: folderId ?? '' }));
  }

  @Delete('videos/:id')
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string) {
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
  async trim(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(['start', 'end', 'title']) body: Body) {
    const clip = await this.rpc.call(Rpc.videosTrim, {
      userId: caller.userId,
      videoId: id,
      start: text(body, 'start', 20),
      end: text(body, 'end', 20),
      title: text(body, 'title', 1000),
    });
    return videoJson(clip);
  }
}
