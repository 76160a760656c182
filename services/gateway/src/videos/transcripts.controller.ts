import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { transcribeBody, transcriptBody, type TranscriptEngine, type TranscriptJson, type TranscriptStatus } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { JsonBody } from '../http/body';

const Rpc = mediaV1.MediaService.method;

/** The transcript of a video: read it, correct its words, or have it made again in another language. Owner only. */
@ApiTags('videos')
@ApiBearerAuth()
@Controller('api/videos/:id/transcript')
export class TranscriptsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'The transcript with word times (status pending until it is made; none for a video without sound)' })
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<TranscriptJson> {
    return transcriptJson(await this.rpc.call(Rpc.transcriptsGet, { userId: caller.userId, videoId: id }));
  }

  @Put()
  @ApiOperation({ summary: 'Replace the words with corrected ones (edited: a new transcription never overwrites them)' })
  async edit(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @JsonBody(transcriptBody) body: z.output<typeof transcriptBody>,
  ): Promise<TranscriptJson> {
    return transcriptJson(await this.rpc.call(Rpc.transcriptsEdit, { userId: caller.userId, videoId: id, words: body.words }));
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Transcribe the video again in the given language (replaces the transcript, corrected or not)' })
  async make(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @JsonBody(transcribeBody) body: z.output<typeof transcribeBody>,
  ): Promise<TranscriptJson> {
    return transcriptJson(await this.rpc.call(Rpc.transcriptsMake, { userId: caller.userId, videoId: id, language: body.language }));
  }
}

export function transcriptJson(t: mediaV1.Transcript): TranscriptJson {
  return {
    videoId: t.videoId,
    status: t.status as TranscriptStatus,
    message: t.message,
    engine: (t.engine || null) as TranscriptEngine | null,
    quality: (t.quality || null) as TranscriptJson['quality'],
    language: t.language,
    phrases: t.phrases.map(({ start, end, from, to }) => ({ start, end, from, to })),
    words: t.words.map(({ text, start, end }) => ({ text, start, end })),
    edited: t.edited,
    updatedAt: t.updatedAt || null,
  };
}
