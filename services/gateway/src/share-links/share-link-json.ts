import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { shareLinksV1 } from '@reelsmith/proto';
import type { ShareLinkJson } from '@reelsmith/proto/http';
import type { Request } from 'express';

/** Where this gateway is reached, as the client reached it (behind a trusted proxy: its forwarded name). */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function sharePagePath(token: string): string {
  return `/r/${token}`;
}

/** The public media of a link: `video`, `poster` or `download`. */
export function sharedMediaPath(token: string, what: 'video' | 'poster' | 'download'): string {
  return `/api/public/r/${token}/${what}`;
}

export function shareLinkJson(link: shareLinksV1.ShareLink, origin: string): ShareLinkJson {
  return {
    token: link.token,
    url: `${origin}${sharePagePath(link.token)}`,
    highlightId: link.highlightId,
    videoId: link.videoId,
    title: link.title,
    version: link.version,
    createdAt: link.createdAt ? timestampDate(link.createdAt).toISOString() : null,
    expiresAt: link.expiresAt ? timestampDate(link.expiresAt).toISOString() : null,
    allowDownload: link.allowDownload,
    views: Number(link.views),
    status: link.status === 'expired' ? 'expired' : 'active',
  };
}
