import { formatDuration, type TestEmailType } from '@reelsmith/proto/http';

// mjml 4 renders synchronously (its v5 typings describe a promise).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- mjml ships no ES module and no types
const mjml2html = require('mjml') as (
  input: string,
  options: { validationLevel: 'soft' | 'strict'; keepComments: boolean },
) => { html: string; errors: Array<{ formattedMessage: string }> };

/**
 * The mails, as MJML (responsive HTML that mail clients render) plus a plain-text alternative.
 * Every value that comes from a user (titles, names, reasons) goes through `esc` in the HTML; the
 * text part is plain text and needs no escaping. Links are built from PUBLIC_URL only.
 */

export function esc(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface MomentLine {
  start: number;
  end: number;
  reasons: string[];
}

export type MailContent =
  | { kind: 'upload'; videoId: string; title: string; duration: number }
  | { kind: 'highlight'; videoId: string; title: string; reelSeconds: number; moments: MomentLine[]; thumbnailCid?: string }
  | { kind: 'error'; videoId: string; title: string; reason: string; what: 'video' | 'highlight' }
  | { kind: 'batch'; batchId: string; name: string; status: string; total: number; processed: number; failed: number }
  | { kind: 'digest'; weekLabel: string; videos: number; reels: number; footageSeconds: number; failures: number };

export interface MailContext {
  publicUrl: string;
  /** Greeting name; empty: "Hi there". */
  name: string;
  /** The one-click unsubscribe URL of the mail's category (absent for test mails to another address). */
  unsubscribeUrl?: string;
  /** Prefix the subject with [Test] and say it is a sample. */
  test?: boolean;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Body {
  subject: string;
  heading: string;
  /** MJML blocks (already escaped). */
  blocks: string;
  /** Plain-text lines. */
  lines: string[];
  button?: { label: string; url: string };
}

const BRAND = '#ff6600';

function paragraph(html: string) {
  return `<mj-text font-size="15px" line-height="22px" color="#1f2937">${html}</mj-text>`;
}

function bodyOf(content: MailContent, publicUrl: string): Body {
  switch (content.kind) {
    case 'upload': {
      const url = `${publicUrl}/video/${encodeURIComponent(content.videoId)}`;
      return {
        subject: `Your video "${content.title}" is ready to use`,
        heading: 'Upload complete',
        blocks: paragraph(
          `<strong>${esc(content.title)}</strong> (${esc(formatDuration(content.duration))}) was uploaded and processed. You can watch it and make highlight reels now.`,
        ),
        lines: [`"${content.title}" (${formatDuration(content.duration)}) was uploaded and processed. You can watch it and make highlight reels now.`],
        button: { label: 'Open the video', url },
      };
    }
    case 'highlight': {
      const url = `${publicUrl}/video/${encodeURIComponent(content.videoId)}`;
      const moments = content.moments.slice(0, 10);
      const rows = moments
        .map(
          (m, i) =>
            `<tr><td style="padding:4px 8px;color:#6b7280;width:24px">${i + 1}</td><td style="padding:4px 8px;width:120px;white-space:nowrap">${esc(formatDuration(m.start))}–${esc(formatDuration(m.end))}</td><td style="padding:4px 8px">${esc(m.reasons.join(', ') || 'best moment')}</td></tr>`,
        )
        .join('');
      return {
        subject: `Your highlight reel of "${content.title}" is ready`,
        heading: 'Your reel is ready',
        blocks: [
          content.thumbnailCid ? `<mj-image src="cid:${esc(content.thumbnailCid)}" alt="${esc(content.title)}" border-radius="8px" href="${esc(url)}" />` : '',
          paragraph(
            `<strong>${esc(content.title)}</strong>: a ${esc(formatDuration(content.reelSeconds))} reel with ${moments.length} moment${moments.length === 1 ? '' : 's'}.`,
          ),
          rows ? `<mj-table font-size="14px" color="#1f2937">${rows}</mj-table>` : '',
        ].join('\n'),
        lines: [
          `"${content.title}": a ${formatDuration(content.reelSeconds)} reel with ${moments.length} moment${moments.length === 1 ? '' : 's'}.`,
          ...moments.map((m, i) => `  ${i + 1}. ${formatDuration(m.start)}-${formatDuration(m.end)}  ${m.reasons.join(', ') || 'best moment'}`),
        ],
        button: { label: 'Watch the reel', url },
      };
    }
    case 'error': {
      const url = `${publicUrl}/video/${encodeURIComponent(content.videoId)}`;
      const thing = content.what === 'video' ? 'process your video' : 'make the highlight reel of';
      const advice = 'Open the video and press Retry. If it fails again, upload the file again or try another export of it.';
      return {
        subject: content.what === 'video' ? `We could not process "${content.title}"` : `The highlight reel of "${content.title}" failed`,
        heading: 'Something went wrong',
        blocks: [
          paragraph(`We could not ${thing} <strong>${esc(content.title)}</strong>.`),
          paragraph(`Reason: ${esc(content.reason || 'Processing failed')}`),
          paragraph(esc(advice)),
        ].join('\n'),
        lines: [`We could not ${thing} "${content.title}".`, `Reason: ${content.reason || 'Processing failed'}`, advice],
        button: { label: 'Open the video', url },
      };
    }
    case 'batch': {
      const url = `${publicUrl}/bulk-upload?batch=${encodeURIComponent(content.batchId)}`;
      const summary = `${content.processed} of ${content.total} video${content.total === 1 ? '' : 's'} processed, ${content.failed} failed.`;
      return {
        subject: `Your batch "${content.name}" has finished`,
        heading: 'Batch finished',
        blocks: paragraph(`<strong>${esc(content.name)}</strong>: ${esc(summary)} The report lists every file with its highlights and errors.`),
        lines: [`"${content.name}": ${summary} The report lists every file with its highlights and errors.`],
        button: { label: 'Open the report', url },
      };
    }
    case 'digest': {
      const url = `${publicUrl}/videos`;
      const items = [
        `${content.videos} new video${content.videos === 1 ? '' : 's'}`,
        `${content.reels} reel${content.reels === 1 ? '' : 's'} made`,
        `${formatDuration(content.footageSeconds)} of footage processed`,
        `${content.failures} failure${content.failures === 1 ? '' : 's'}`,
      ];
      return {
        subject: `Your Reelsmith week: ${content.weekLabel}`,
        heading: `Your week (${content.weekLabel})`,
        blocks: paragraph(`<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`),
        lines: items.map((i) => `- ${i}`),
        button: { label: 'See your videos', url },
      };
    }
  }
}

/** Renders one mail: subject, responsive HTML (MJML) and the plain-text part. */
export function renderMail(content: MailContent, context: MailContext): RenderedMail {
  const body = bodyOf(content, context.publicUrl);
  const greeting = context.name ? `Hi ${context.name},` : 'Hi there,';
  const subject = (context.test ? `[Test] ${body.subject}` : body.subject).slice(0, 300);
  const testNote = context.test
    ? 'This is a test e-mail with sample content, sent from your Reelsmith settings. Its button opens your videos; in a real e-mail it opens the video itself.'
    : '';
  // A test's sample video does not exist: its button opens a page that does.
  const button = context.test && body.button ? { ...body.button, url: `${context.publicUrl}/videos` } : body.button;
  const footer = context.unsubscribeUrl
    ? `You get this e-mail because of your notification settings. <a href="${esc(context.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe from these e-mails</a> or change them in <a href="${esc(`${context.publicUrl}/settings`)}" style="color:#6b7280">Settings</a>.`
    : `Change your notifications in <a href="${esc(`${context.publicUrl}/settings`)}" style="color:#6b7280">Settings</a>.`;
  const mjml = `<mjml>
  <mj-head>
    <mj-title>${esc(subject)}</mj-title>
    <mj-preview>${esc(body.lines[0] ?? '')}</mj-preview>
    <mj-attributes><mj-all font-family="Inter, Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section padding="24px 0 8px"><mj-column>
      <mj-text font-size="22px" font-weight="700" color="${BRAND}">Reelsmith</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="16px 8px"><mj-column>
      <mj-text font-size="20px" font-weight="700" color="#111827">${esc(body.heading)}</mj-text>
      ${paragraph(esc(greeting))}
      ${testNote ? paragraph(`<em>${esc(testNote)}</em>`) : ''}
      ${body.blocks}
      ${button ? `<mj-button background-color="${BRAND}" color="#ffffff" border-radius="8px" font-weight="600" href="${esc(button.url)}">${esc(button.label)}</mj-button>` : ''}
    </mj-column></mj-section>
    <mj-section padding="8px 0 24px"><mj-column>
      <mj-text font-size="12px" line-height="18px" color="#6b7280">${footer}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = mjml2html(mjml, { validationLevel: 'soft', keepComments: false });
  if (errors.length) throw new Error(`mail template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const text = [
    greeting,
    '',
    ...(testNote ? [testNote, ''] : []),
    ...body.lines,
    ...(button ? ['', `${button.label}: ${button.url}`] : []),
    '',
    '--',
    'Reelsmith',
    context.unsubscribeUrl ? `Unsubscribe from these e-mails: ${context.unsubscribeUrl}` : '',
    `Notification settings: ${context.publicUrl}/settings`,
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  return { subject, html, text };
}

/** Sample content of a test e-mail (POST /api/test-email). */
export function sampleContent(type: TestEmailType): MailContent {
  const videoId = '00000000-0000-4000-8000-000000000000';
  if (type === 'upload') return { kind: 'upload', videoId, title: 'Sample match', duration: 2412 };
  if (type === 'highlight') {
    return {
      kind: 'highlight',
      videoId,
      title: 'Sample match',
      reelSeconds: 30,
      moments: [
        { start: 312, end: 321, reasons: ['crowd roar', 'fast action'] },
        { start: 1504, end: 1514, reasons: ['applause'] },
        { start: 2301, end: 2312, reasons: ['scene change'] },
      ],
    };
  }
  return {
    kind: 'error',
    videoId,
    title: 'Sample match',
    reason: 'The file is not a video we can read. Export it again as MP4 (H.264) and upload it.',
    what: 'video',
  };
}
