import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { RpcFailure, shareLinkIdOf, shareToken } from '@reelsmith/kit';
import { mediaV1, shareLinksV1 } from '@reelsmith/proto';
import { SHARE_LINK_MAX_DAYS } from '@reelsmith/proto/http';
import type { MediaConfig } from '../config';
import type { HighlightEntity } from '../entities/highlight.entity';
import type { ShareLinkEntity } from '../entities/share-link.entity';
import { HighlightsRepository } from '../highlights.repository';
import { HighlightsService } from '../highlights.service';
import { MEDIA_CONFIG } from '../tokens';
import { VideoAccess } from '../video-access';
import { VideosRepository } from '../videos.repository';
import { ShareLinksRepository } from './share-links.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough for every client and platform of one reel; more is someone scripting the button. */
export const MAX_ACTIVE_LINKS_PER_REEL = 50;
/** Formats a browser plays; an AVI reel is only a download. */
const PLAYABLE_FORMATS = new Set(['mp4', 'mov']);
const REEL_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime' };

const LINK_NOT_FOUND = 'Share link not found';

/** Public links to reels: made, listed and revoked by their owner; opened by anyone with the token. */
@Injectable()
export class ShareLinksService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly links: ShareLinksRepository,
    private readonly highlights: HighlightsRepository,
    private readonly videos: VideosRepository,
    private readonly reels: HighlightsService,
    private readonly access: VideoAccess,
  ) {}

  async create(request: shareLinksV1.ShareLinksCreateRequest): Promise<shareLinksV1.ShareLink> {
    const highlight = await this.highlights.findOwned(request.highlightId, request.userId);
    if (!highlight || !(await this.access.visible(request.userId, highlight.videoId))) throw RpcFailure.notFound('Highlight not found');
    if (highlight.status !== 'ready' || !highlight.reelKey) throw RpcFailure.conflict('Only a ready reel can be shared; this one is not ready yet.');
    if (!PLAYABLE_FORMATS.has(highlight.format)) throw RpcFailure.conflict('An AVI reel cannot play in a browser: share an MP4 or MOV version of it.');
    const expiresAt = checkExpiry(request.expiresAt);
    const active = (await this.links.countActive([highlight.id])).get(highlight.id) ?? 0;
    if (active >= MAX_ACTIVE_LINKS_PER_REEL) {
      throw RpcFailure.conflict(`A reel can have at most ${MAX_ACTIVE_LINKS_PER_REEL} active share links; revoke one first.`);
    }
    const link = await this.links.create({
      id: randomUUID(),
      highlightId: highlight.id,
      userId: request.userId,
      allowDownload: request.allowDownload,
      expiresAt,
    });
    return this.view(link, highlight, await this.titleOf(highlight));
  }

  async list(userId: string, highlightId: string): Promise<shareLinksV1.ShareLinkList> {
    if (highlightId && !(await this.highlights.findOwned(highlightId, userId))) throw RpcFailure.notFound('Highlight not found');
    const rows = await this.links.listOwned(userId, highlightId || undefined);
    const reels = new Map<string, { highlight: HighlightEntity | null; title: string }>();
    for (const row of rows) {
      if (reels.has(row.highlightId)) continue;
      const highlight = await this.highlights.findOwned(row.highlightId, userId);
      reels.set(row.highlightId, { highlight, title: highlight ? await this.titleOf(highlight) : '' });
    }
    const links = rows.flatMap((row) => {
      const reel = reels.get(row.highlightId);
      return reel?.highlight ? [this.view(row, reel.highlight, reel.title)] : [];
    });
    return create(shareLinksV1.ShareLinkListSchema, { links });
  }

  async revoke(userId: string, token: string): Promise<shareLinksV1.ShareLink> {
    const id = shareLinkIdOf(this.config.MEDIA_URL_SECRET, token);
    const link = id ? await this.links.revoke(id, userId) : null;
    if (!link) throw RpcFailure.notFound(LINK_NOT_FOUND);
    const highlight = await this.highlights.findById(link.highlightId);
    return this.view(link, highlight!, highlight ? await this.titleOf(highlight) : '');
  }

  /** The reel behind an active link: database reads only, so a dead link costs no storage read. */
  async open(token: string, countView: boolean): Promise<shareLinksV1.SharedReel> {
    const { link, highlight } = await this.active(token, countView);
    return create(shareLinksV1.SharedReelSchema, {
      link: this.view(link, highlight, await this.titleOf(highlight)),
      userId: highlight.userId,
      duration: highlight.reelDuration,
      width: highlight.reelWidth,
      height: highlight.reelHeight,
      contentType: REEL_TYPES[highlight.format] ?? 'video/mp4',
      hasPoster: highlight.posterKey !== '',
    });
  }

  /** The reel, its poster or (when allowed) its download; the storage is asked only for an active link. */
  async object(token: string, kind: mediaV1.ObjectKind): Promise<mediaV1.MediaObject> {
    const { ObjectKind } = mediaV1;
    if (kind !== ObjectKind.REEL && kind !== ObjectKind.REEL_POSTER && kind !== ObjectKind.REEL_DOWNLOAD) throw RpcFailure.notFound(LINK_NOT_FOUND);
    const { link, highlight } = await this.active(token, false);
    if (kind === ObjectKind.REEL_POSTER) return this.reels.resolvePoster(highlight.userId, highlight.id);
    if (kind === ObjectKind.REEL_DOWNLOAD && !link.allowDownload) throw RpcFailure.notFound('This link does not allow downloads');
    return this.reels.resolveReel(highlight.userId, highlight.id, kind === ObjectKind.REEL_DOWNLOAD);
  }

  /** Active share-link counts of these reels (Highlight.active_share_links). */
  activeCounts(highlightIds: string[]): Promise<Map<string, number>> {
    return this.links.countActive(highlightIds);
  }

  private async active(token: string, countView: boolean): Promise<{ link: ShareLinkEntity; highlight: HighlightEntity }> {
    const id = shareLinkIdOf(this.config.MEDIA_URL_SECRET, token);
    const link = id ? await this.links.findActive(id, countView) : null;
    const highlight = link ? await this.highlights.findById(link.highlightId) : null;
    if (!link || !highlight || highlight.status !== 'ready' || !highlight.reelKey) throw RpcFailure.notFound(LINK_NOT_FOUND);
    // A teammate's links end with their access to the footage (they left the team folder, or were removed).
    if (!(await this.access.visible(highlight.userId, highlight.videoId))) throw RpcFailure.notFound(LINK_NOT_FOUND);
    return { link, highlight };
  }

  private async titleOf(highlight: HighlightEntity): Promise<string> {
    return (await this.videos.findById(highlight.videoId))?.title ?? '';
  }

  private view(link: ShareLinkEntity, highlight: HighlightEntity, title: string): shareLinksV1.ShareLink {
    const expired = link.expiresAt !== null && link.expiresAt.getTime() <= Date.now();
    return create(shareLinksV1.ShareLinkSchema, {
      token: shareToken(this.config.MEDIA_URL_SECRET, link.id),
      highlightId: link.highlightId,
      videoId: highlight.videoId,
      title,
      version: highlight.version,
      createdAt: timestampFromDate(link.createdAt),
      expiresAt: link.expiresAt ? timestampFromDate(link.expiresAt) : undefined,
      allowDownload: link.allowDownload,
      views: BigInt(link.views),
      status: expired ? 'expired' : 'active',
    });
  }
}

/** The expiry asked for: in the future and at most SHARE_LINK_MAX_DAYS away; absent: never. */
function checkExpiry(expiresAt: Timestamp | undefined, now = Date.now()): Date | null {
  if (!expiresAt) return null;
  const date = timestampDate(expiresAt);
  if (date.getTime() <= now) throw RpcFailure.invalid('expiresAt must be in the future', [{ field: 'expiresAt', message: 'Must be in the future' }]);
  if (date.getTime() > now + SHARE_LINK_MAX_DAYS * DAY_MS) {
    throw RpcFailure.invalid(`expiresAt must be at most ${SHARE_LINK_MAX_DAYS} days away`, [{ field: 'expiresAt', message: 'Too far away' }]);
  }
  return date;
}
