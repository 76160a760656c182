import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { editMomentsBody, exportBody, generateBody, type GeneratedHighlightsJson } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';
import { highlightJson } from './highlight-json';
import { Idempotent } from '../http/idempotency.interceptor';

const Rpc = mediaV1.MediaService.method;

type RenderChoices = { quality: string; format: string; aspect: string; musicTrackId?: string | null; captions: string };

/**
 * The render choices of a reel or export request (checked for their values by the media service).
 * `musicTrackId: null` asks for no music; an absent one keeps what the reel being re-rendered had.
 */
function renderOptions({ quality, format, aspect, musicTrackId, captions }: RenderChoices) {
  return { quality, format, aspect, musicTrackId: musicTrackId ?? '', noMusic: musicTrackId === null, captions };
}

/**
 * AI highlights. Every generation (and every edit of the moments) creates a new version; older
 * versions stay listed, newest first.
 */
@ApiTags('highlights')
@ApiBearerAuth()
@Controller('api')
export class HighlightsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('videos/:id/generate-highlights')
  @Idempotent()
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Queue a highlight reel: body {preset?, targetLength?, fillToLength?, aspect?, quality?, format?, musicTrackId?, captions? (none|clean|bold|karaoke; default clean with sound), includeWords? (at most 20 words or phrases whose moments must be in), platform? (tiktok|reels|shorts|youtube|square|portrait: sets the aspect and the longest length), lengths? (up to 4 of 15|30|60|90: one version each, analysed once)}; a new version each time, answered with every version made in versions',
  })
  async generate(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(generateBody) body: z.output<typeof generateBody>) {
    const highlight = await this.rpc.call(Rpc.highlightsGenerate, {
      userId: caller.userId,
      videoId: id,
      preset: body.preset,
      targetLength: body.targetLength,
      fillToLength: body.fillToLength,
      includeWords: body.includeWords,
      platform: body.platform,
      lengths: body.lengths,
      include: body.include,
      exclude: body.exclude,
      brandKit: body.brandKit ?? undefined,
      render: renderOptions(body),
    });
    // One version per length, the first of them answered as before.
    const versions = highlight.versions.length > 0 ? highlight.versions : [highlight];
    return { ...highlightJson(highlight), versions: versions.map(highlightJson) } satisfies GeneratedHighlightsJson;
  }

  @Get('videos/:id/highlights')
  @ApiOperation({ summary: 'Every highlight version of a video, newest first; timings of steps a version skipped (analysis, selection) are null' })
  async list(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    const { highlights } = await this.rpc.call(Rpc.highlightsList, { userId: caller.userId, videoId: id });
    return highlights.map(highlightJson);
  }

  @Get('highlights/:id')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return highlightJson(await this.rpc.call(Rpc.highlightsGet, { userId: caller.userId, highlightId: id }));
  }

  @Post('highlights/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: "Put a highlight version or export in 'error' back in the queue (status queued, reason cleared); another status answers 409" })
  async retry(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return highlightJson(await this.rpc.call(Rpc.highlightsRetry, { userId: caller.userId, highlightId: id }));
  }

  @Put('highlights/:id/moments')
  @Idempotent()
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Re-render with edited moments {moments: [{start, end, reasons?}], quality?, format?, aspect?, musicTrackId?}: a new version; a moment without reasons takes those of the original moments it overlaps (else 'manual pick'); an absent musicTrackId keeps the reel's track, null drops it",
  })
  async edit(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(editMomentsBody) body: z.output<typeof editMomentsBody>) {
    const highlight = await this.rpc.call(Rpc.highlightsEdit, { userId: caller.userId, highlightId: id, moments: body.moments, render: renderOptions(body) });
    return highlightJson(highlight);
  }

  @Post('videos/:id/exports')
  @Idempotent()
  @HttpCode(202)
  @ApiOperation({ summary: 'Render a trimmed export {start?, end? (m:ss), quality?, format?, aspect?, musicTrackId?}' })
  async createExport(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(exportBody) body: z.output<typeof exportBody>) {
    const highlight = await this.rpc.call(Rpc.exportsCreate, {
      userId: caller.userId,
      videoId: id,
      start: body.start,
      end: body.end,
      render: renderOptions(body),
    });
    return highlightJson(highlight);
  }

  @Get('exports')
  @ApiOperation({ summary: 'Recent exports of the caller, newest first' })
  async exports(@CurrentCaller() caller: Caller) {
    const { highlights } = await this.rpc.call(Rpc.exportsList, { userId: caller.userId });
    return highlights.map(highlightJson);
  }
}
