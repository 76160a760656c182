import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, ObjectStorage, RpcClient, RpcFailure } from '@reelsmith/kit';
import { batchesV1, billingV1 } from '@reelsmith/proto';
import type { Request, Response } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import { batchBody, type BatchReportJson } from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';
import { batchJson, batchVideoJson } from './batch-json';
import { MAX_FILES_PER_BATCH, receiveVideos } from './bulk-upload';
import { reportCsv, reportHtml } from './report-formats';
import { Idempotent } from '../http/idempotency.interceptor';

const Rpc = batchesV1.BatchesService.method;
const MAX_FILE_BYTES = 2 * 1024 ** 3;
/** Adding 50 files means 50 checks by media (ffprobe each): more than the default RPC wait. */
const ADD_TIMEOUT_MS = 5 * 60_000;

/**
 * Bulk batches. A video of a batch counts as processed once its default highlights (auto preset,
 * 30 s, 1080p MP4) are ready; it counts as failed when the upload checks refuse it (not a video,
 * truncated, empty), its processing fails, it is deleted, or its highlights fail. The batch is
 * pending until files arrive, processing while any video is unsettled, then completed (at least
 * one video processed) or error (every video failed).
 */
@ApiTags('batches')
@ApiBearerAuth()
@Controller('api/batches')
export class BatchesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
  ) {}

  @Post()
  @Idempotent()
  @ApiOperation({ summary: 'Create a batch: body {name, description?}; name required after trimming' })
  async create(@CurrentCaller() caller: Caller, @JsonBody(batchBody) body: z.output<typeof batchBody>) {
    const batch = await this.rpc.call(Rpc.batchesCreate, { userId: caller.userId, ...body });
    return batchJson(batch);
  }

  @Get()
  @ApiOperation({
    summary: "The caller's batches, newest first, with status and counters",
    description:
      'processedVideos: videos whose default highlights (auto preset, 30 s, 1080p MP4) are ready. failedVideos: files refused by the upload checks ' +
      '(not a video, truncated, empty, over 2GB), failed in processing, deleted, or whose highlights failed. status: pending (no videos), ' +
      'processing (any video unsettled), completed (all settled, at least one processed) or error (all failed). Live changes: batch.progress on /api/events.',
  })
  async list(@CurrentCaller() caller: Caller) {
    const { batches } = await this.rpc.call(Rpc.batchesList, { userId: caller.userId });
    return batches.map(batchJson);
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return batchJson(await this.rpc.call(Rpc.batchesGet, { userId: caller.userId, batchId: id }));
  }

  @Post(':id/videos/bulk')
  @ApiOperation({
    summary: `Upload up to ${MAX_FILES_PER_BATCH} videos (multipart, repeated "videos" fields), streamed into storage; each becomes a video of the batch, is processed and gets default highlights. More files than the batch takes: 400 and nothing is created; a non-video part: 422.`,
  })
  async bulk(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() req: Request) {
    const batch = await this.rpc.call(Rpc.batchesGet, { userId: caller.userId, batchId: id });
    // Refused before a byte is stored: bulk processing is part of Pro (batches checks it again).
    const plan = await this.rpc.call(billingV1.BillingService.method.entitlementsGet, { userId: caller.userId });
    if (!plan.active) throw RpcFailure.paymentRequired(`Bulk processing needs a plan. ${plan.reason}`);
    if (!plan.bulk) throw new RpcFailure(ErrorCode.PERMISSION_DENIED, 'Bulk processing is part of Pro. Upgrade to Pro under Billing to process batches.');
    const files = await receiveVideos(req, {
      userId: caller.userId,
      room: MAX_FILES_PER_BATCH - batch.totalVideos,
      maxFileBytes: MAX_FILE_BYTES,
      storage: this.storage,
    });
    try {
      const added = await this.rpc.call(
        Rpc.videosAdd,
        { userId: caller.userId, batchId: batch.id, files: files.map((f) => ({ ...f, size: BigInt(f.size) })) },
        { timeoutMs: ADD_TIMEOUT_MS },
      );
      return { batch: added.batch ? batchJson(added.batch) : null, uploaded: added.videos.length, videos: added.videos.map(batchVideoJson) };
    } catch (err) {
      // Refused (a concurrent upload filled the batch, a bad file name) or failed on the way: the
      // caller is told it did not work, so no stored file may stay behind.
      await this.storage.remove(files.map((f) => f.objectKey)).catch(() => undefined);
      throw err;
    }
  }

  @Get(':id/report')
  @ApiOperation({
    summary:
      'The batch report: the batch and every video with status, duration, highlight moments, errors and timings. ' +
      '?format=json (default, a JSON file), csv (one row per file, for spreadsheets) or html (a page to read and print).',
  })
  async report(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query('format') format: unknown, @Req() req: Request, @Res() res: Response) {
    const kind = format === undefined ? 'json' : format;
    if (kind !== 'json' && kind !== 'csv' && kind !== 'html') throw RpcFailure.invalid('format must be json, csv or html');
    const report = await this.rpc.call(Rpc.reportGet, { userId: caller.userId, batchId: id }, { timeoutMs: 60_000 });
    const filename = report.filename.replace(/\.json$/, `.${kind}`);
    const body =
      kind === 'json'
        ? report.json
        : kind === 'csv'
          ? reportCsv(JSON.parse(report.json) as BatchReportJson)
          : reportHtml(JSON.parse(report.json) as BatchReportJson, `${req.protocol}://${req.get('host')}`);
    res.setHeader('Content-Type', `${REPORT_TYPES[kind]}; charset=utf-8`);
    res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}

const REPORT_TYPES = { json: 'application/json', csv: 'text/csv', html: 'text/html' } as const;
