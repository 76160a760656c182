import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { HighlightsService } from './highlights.service';
import { VideosService } from './videos.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class VideosController {
  constructor(
    private readonly videos: VideosService,
    private readonly highlights: HighlightsService,
  ) {}

  @RpcHandler(Rpc.usageGet)
  usage(@Payload() request: mediaV1.UsageGetRequest) {
    return this.videos.usage(request.userId);
  }

  @RpcHandler(Rpc.uploadUrlCreate)
  createUploadUrl(@Payload() request: mediaV1.UploadUrlCreateRequest) {
    return this.videos.createUploadUrl(request.userId);
  }

  @RpcHandler(Rpc.uploadComplete)
  completeUpload(@Payload() request: mediaV1.UploadCompleteRequest) {
    return this.videos.completeUpload(request);
  }

  @RpcHandler(Rpc.videosList)
  list(@Payload() request: mediaV1.VideosListRequest) {
    return this.videos.list(request.userId, request.folderId);
  }

  @RpcHandler(Rpc.videosGet)
  get(@Payload() request: mediaV1.VideoRef) {
    return this.videos.get(request.userId, request.videoId);
  }

  @RpcHandler(Rpc.videosAnalysis)
  analysis(@Payload() request: mediaV1.VideoRef) {
    return this.videos.analysis(request.userId, request.videoId);
  }

  @RpcHandler(Rpc.videosDelete)
  delete(@Payload() request: mediaV1.VideoRef) {
    return this.videos.delete(request.userId, request.videoId);
  }

  @RpcHandler(Rpc.videosMove)
  move(@Payload() request: mediaV1.VideosMoveRequest) {
    return this.videos.move(request);
  }

  @RpcHandler(Rpc.videosRetry)
  retry(@Payload() request: mediaV1.VideoRef) {
    return this.videos.retry(request.userId, request.videoId);
  }

  @RpcHandler(Rpc.videosTrim)
  trim(@Payload() request: mediaV1.VideosTrimRequest) {
    return this.videos.trim(request);
  }

  @RpcHandler(Rpc.objectResolve)
  resolveObject(@Payload() request: mediaV1.ObjectResolveRequest) {
    const { REEL, REEL_DOWNLOAD, REEL_POSTER } = mediaV1.ObjectKind;
    if (request.kind === REEL || request.kind === REEL_DOWNLOAD) {
      return this.highlights.resolveReel(request.userId, request.highlightId, request.kind === REEL_DOWNLOAD);
    }
    if (request.kind === REEL_POSTER) return this.highlights.resolvePoster(request.userId, request.highlightId);
    return this.videos.resolveObject(request);
  }
}
