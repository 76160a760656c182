import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { type Body, JsonBody, jsonObject, number, RENDER_FIELDS, renderOptions, text } from '../http/body';
import { highlightJson } from './highlight-json';

const Rpc = mediaV1.MediaService.method;
const MAX_MOMENTS_IN_BODY = 100;
const MAX_REASONS = 10;

function reasons(moment: Body): string[] {
  const list = moment.reasons ?? [];
  if (!Array.isArray(list) || list.length > MAX_REASONS || !list.every((r) => typeof r === 'string' && r.length <= 100)) {
    throw RpcFailure.invalid(`reasons must be a list of at most ${MAX_REASONS} texts`);
  }
  return list;
}

function moments(body: Body) {
  const list = body.moments;
  if (!Array.isArray(list) || list.length > MAX_MOMENTS_IN_BODY) throw RpcFailure.invalid('moments must be a list of {start, end} in seconds');
  return list.map((item) => {
    const m = jsonObject(item, ['start', 'end', 'score', 'reasons'], 'Every moment');
    return { start: number(m, 'start'), end: number(m, 'end'), score: number(m, 'score'), reasons: reasons(m) };
  });
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
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a highlight reel: body {preset?, targetLength?, fillToLength?, aspect?, quality?, format?, musicTrackId?}; a new version each time' })
  async generate(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(['preset', 'targetLength', 'fillToLength', ...RENDER_FIELDS]) body: Body) {
    const fill = body.fillToLength;
    if (fill !== undefined && fill !== null && typeof fill !== 'boolean') throw RpcFailure.invalid('fillToLength must be true or false');
    const highlight = await this.rpc.call(Rpc.highlightsGenerate, {
      userId: caller.userId,
      videoId: id,
      preset: text(body, 'preset', 20),
      targetLength: number(body, 'targetLength'),
      fillToLength: fill === true,
      render: renderOptions(body),
    });
    return highlightJson(highlight);
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
  @HttpCode(202)
  @ApiOperation({ summary: 'Re-render with edited moments {moments: [{start, end, reasons?}], quality?, format?, aspect?, musicTrackId?}: a new version; a moment without reasons takes those of the original moments it overlaps (else \'manual pick\'); an absent musicTrackId keeps the reel\'s track, null drops it' })
  async edit(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(['moments', ...RENDER_FIELDS]) body: Body) {
    const highlight = await this.rpc.call(Rpc.highlightsEdit, { userId: caller.userId, highlightId: id, moments: moments(body), render: renderOptions(body) });
    return highlightJson(highlight);
  }

  @Post('videos/:id/exports')
  @HttpCode(202)
  @ApiOperation({ summary: 'Render a trimmed export {start?, end? (m:ss), quality?, format?, aspect?, musicTrackId?}' })
  async createExport(@CurrentCaller() caller: Caller, @Param('id') id: string, @JsonBody(['start', 'end', ...RENDER_FIELDS]) body: Body) {
    const highlight = await this.rpc.call(Rpc.exportsCreate, {
      userId: caller.userId,
      videoId: id,
      start: text(body, 'start', 20),
      end: text(body, 'end', 20),
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
