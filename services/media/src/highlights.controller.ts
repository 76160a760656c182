import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { HighlightsService } from './highlights.service';
import { ShareLinksService } from './share-links/share-links.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class HighlightsController {
  constructor(
    private readonly highlights: HighlightsService,
    private readonly shareLinks: ShareLinksService,
  ) {}

  /** Fills Highlight.active_share_links (one grouped query for a list). */
  private async withShareLinks<T extends { highlights: mediaV1.Highlight[] }>(list: T): Promise<T> {
    const counts = await this.shareLinks.activeCounts(list.highlights.map((h) => h.id));
    for (const h of list.highlights) h.activeShareLinks = counts.get(h.id) ?? 0;
    return list;
  }

  @RpcHandler(Rpc.highlightsGenerate)
  generate(@Payload() request: mediaV1.HighlightsGenerateRequest) {
    return this.highlights.generate(request);
  }

  @RpcHandler(Rpc.highlightsList)
  list(@Payload() request: mediaV1.VideoRef) {
    return this.highlights.list(request.userId, request.videoId).then((list) => this.withShareLinks(list));
  }

  @RpcHandler(Rpc.highlightsGet)
  get(@Payload() request: mediaV1.HighlightRef) {
    return this.highlights
      .get(request.userId, request.highlightId)
      .then((highlight) => this.withShareLinks({ highlights: [highlight] }))
      .then(({ highlights }) => highlights[0]);
  }

  @RpcHandler(Rpc.highlightsEdit)
  edit(@Payload() request: mediaV1.HighlightsEditRequest) {
    return this.highlights.edit(request);
  }

  @RpcHandler(Rpc.highlightsRetry)
  retry(@Payload() request: mediaV1.HighlightRef) {
    return this.highlights.retry(request.userId, request.highlightId);
  }

  @RpcHandler(Rpc.exportsCreate)
  createExport(@Payload() request: mediaV1.ExportsCreateRequest) {
    return this.highlights.createExport(request);
  }

  @RpcHandler(Rpc.exportsList)
  listExports(@Payload() request: mediaV1.ExportsListRequest) {
    return this.highlights.listExports(request.userId).then((list) => this.withShareLinks(list));
  }
}
