/**
 * The public page of a share link: server-rendered HTML, no script, so chat apps read its Open Graph
 * and Twitter card tags and a phone plays the reel at once. Its colours are the web app's
 * (web/src/index.css). Every text from users goes through escapeHtml.
 */
export interface SharePage {
  origin: string;
  pagePath: string;
  title: string;
  creator: string;
  videoPath: string;
  posterPath: string | null;
  downloadPath: string | null;
  contentType: string;
  width: number;
  height: number;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root{--color-brand:#ff6600;--color-brand-strong:#b84700;--color-background:#f6f7f9;--color-foreground:#0f1115;--color-card:#fff;--color-muted-foreground:#5f6673;--color-border:#e4e6ea;--color-sidebar:#0f1115}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--color-background);color:var(--color-foreground);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:var(--color-sidebar);color:#fff;padding:12px 16px;font-weight:700;letter-spacing:.01em}
header a{color:#fff;text-decoration:none}
header span{color:var(--color-brand)}
main{max-width:960px;margin:0 auto;padding:16px}
.player{background:#000;border-radius:12px;overflow:hidden;border:1px solid var(--color-border)}
video{display:block;width:100%;height:auto;max-height:75vh;background:#000}
h1{font-size:1.375rem;line-height:1.3;margin:16px 0 4px;overflow-wrap:anywhere}
p{margin:0;color:var(--color-muted-foreground)}
.download{display:inline-flex;align-items:center;min-height:44px;margin-top:16px;padding:10px 18px;border-radius:8px;background:var(--color-brand-strong);color:#fff;font-weight:600;text-decoration:none}
.download:hover,.download:focus-visible{background:#a33f00}
.download:focus-visible{outline:3px solid var(--color-brand);outline-offset:2px}
.gone{text-align:center;padding:64px 16px}
`;

function head(title: string, tags: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    ...tags,
    `<style>${STYLE}</style>`,
    '</head>',
  ].join('\n');
}

const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

const banner = '<header><a href="/">Reel<span>smith</span></a></header>';

export function renderSharePage(page: SharePage): string {
  const title = page.title || 'A highlight reel';
  const description = page.creator ? `A highlight reel by ${page.creator} on Reelsmith` : 'A highlight reel on Reelsmith';
  const absolute = (path: string) => `${page.origin}${path}`;
  const secure = page.origin.startsWith('https://');
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:site_name', 'Reelsmith'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', absolute(page.pagePath)),
    ...(page.posterPath ? [meta('property', 'og:image', absolute(page.posterPath))] : []),
    ...(page.posterPath && page.width && page.height
      ? [meta('property', 'og:image:width', String(page.width)), meta('property', 'og:image:height', String(page.height))]
      : []),
    meta('property', 'og:video', absolute(page.videoPath)),
    ...(secure ? [meta('property', 'og:video:secure_url', absolute(page.videoPath))] : []),
    meta('property', 'og:video:type', page.contentType),
    ...(page.width && page.height ? [meta('property', 'og:video:width', String(page.width)), meta('property', 'og:video:height', String(page.height))] : []),
    meta('name', 'twitter:card', page.posterPath ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(page.posterPath ? [meta('name', 'twitter:image', absolute(page.posterPath))] : []),
  ];
  const size = page.width && page.height ? ` width="${page.width}" height="${page.height}"` : '';
  const poster = page.posterPath ? ` poster="${escapeHtml(page.posterPath)}"` : '';
  const body = [
    '<body>',
    banner,
    '<main>',
    `<div class="player"><video controls playsinline preload="metadata"${poster}${size} aria-label="${escapeHtml(title)}">`,
    `<source src="${escapeHtml(page.videoPath)}" type="${escapeHtml(page.contentType)}">`,
    '</video></div>',
    `<h1>${escapeHtml(title)}</h1>`,
    page.creator ? `<p>by ${escapeHtml(page.creator)}</p>` : '',
    page.downloadPath ? `<a class="download" href="${escapeHtml(page.downloadPath)}" download>Download the reel</a>` : '',
    '</main>',
    '</body>',
    '</html>',
  ];
  return `${head(`${title} · Reelsmith`, tags)}\n${body.filter(Boolean).join('\n')}\n`;
}

/** What a dead, forged or limited link shows instead (with its 404 or 429). */
export function renderGonePage(heading: string, text: string): string {
  return `${head('Reelsmith', [])}\n<body>\n${banner}\n<main class="gone"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></main>\n</body>\n</html>\n`;
}
