import { type BatchReportJson, type BatchReportVideoJson, formatDuration } from '@reelsmith/proto/http';

type ReportVideo = BatchReportVideoJson;

const clock = (seconds: number | null) => (seconds === null ? '' : formatDuration(seconds));

/** The reel of a file in words: '0:30 reel, 5 moments', its status, or nothing. */
function reelOf(video: ReportVideo): string {
  const h = video.highlights;
  if (!h) return '';
  if (h.status !== 'ready') return `reel ${h.status}`;
  return `${clock(h.reelDuration)} reel, ${h.moments.length} moment${h.moments.length === 1 ? '' : 's'}`;
}

const momentsOf = (video: ReportVideo) =>
  (video.highlights?.moments ?? []).map((m) => `${clock(m.start)}-${clock(m.end)} ${m.reasons.join(', ') || 'best moment'}`).join('; ');

const CSV_COLUMNS: Array<[string, (v: ReportVideo) => string | number | null]> = [
  ['position', (v) => v.position],
  ['file', (v) => v.originalFilename],
  ['title', (v) => v.title],
  ['status', (v) => v.status],
  ['duration', (v) => clock(v.duration)],
  ['resolution', (v) => v.resolution],
  ['file size (bytes)', (v) => v.fileSize],
  ['reel', reelOf],
  ['moments', momentsOf],
  ['error', (v) => v.error],
  ['seconds to processed', (v) => v.timings.secondsToProcessed],
  ['uploaded at', (v) => v.timings.uploadedAt],
];

/** RFC 4180: quoted when needed, quotes doubled; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV: one row per file, for spreadsheets (UTF-8 with a BOM, so Excel reads the accents). */
export function reportCsv(report: BatchReportJson): string {
  const rows = [CSV_COLUMNS.map(([name]) => name), ...report.videos.map((v) => CSV_COLUMNS.map(([, cell]) => cell(v)))];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const esc = (value: string | number | null) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The report as a page to read and print: the batch, its counts, then a table of the files. */
export function reportHtml(report: BatchReportJson, publicUrl: string): string {
  const { batch } = report;
  const rows = report.videos
    .map((v) => {
      const title = v.videoId
        ? `<a href="${esc(`${publicUrl}/video/${encodeURIComponent(v.videoId)}`)}">${esc(v.title ?? v.originalFilename)}</a>`
        : esc(v.originalFilename);
      return `<tr class="${esc(v.status)}"><td>${v.position}</td><td>${title}<div class="file">${esc(v.originalFilename)}</div></td><td>${esc(v.status)}</td><td>${esc(clock(v.duration))}</td><td>${esc(reelOf(v))}<div class="file">${esc(momentsOf(v))}</div></td><td>${esc(v.error ?? '')}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(batch.name)} - batch report - Reelsmith</title>
<style>
body{font-family:Inter,Helvetica,Arial,sans-serif;color:#111827;max-width:1100px;margin:32px auto;padding:0 16px;line-height:1.45}
h1{font-size:24px;margin:0}.brand{color:#c2410c;font-weight:700}.muted,.file{color:#4b5563;font-size:13px}
.counts{display:flex;gap:24px;margin:16px 0 24px;flex-wrap:wrap}.counts b{display:block;font-size:22px}
table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#4b5563}tr.failed td:nth-child(3){color:#b91c1c;font-weight:600}
a{color:#c2410c}@media print{a{color:inherit}}
</style></head><body>
<p class="brand">Reelsmith</p>
<h1>${esc(batch.name)}</h1>
${batch.description ? `<p class="muted">${esc(batch.description)}</p>` : ''}
<div class="counts"><div><b>${batch.totalVideos}</b>videos</div><div><b>${batch.processedVideos}</b>processed</div><div><b>${batch.failedVideos}</b>failed</div><div><b>${esc(batch.status)}</b>status</div></div>
<table><thead><tr><th>#</th><th>Video</th><th>Status</th><th>Length</th><th>Reel</th><th>Error</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">Processed: ${esc(report.definitions.processed)} Failed: ${esc(report.definitions.failed)}</p>
<p class="muted">Made ${esc(report.generatedAt)}.</p>
</body></html>
`;
}
