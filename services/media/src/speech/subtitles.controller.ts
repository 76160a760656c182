import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { SubtitlesService } from './subtitles.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class SubtitlesController {
  constructor(private readonly subtitles: SubtitlesService) {}

  @RpcHandler(Rpc.videosSubtitles)
  video(@Payload() request: mediaV1.SubtitlesRequest) {
    return this.subtitles.forVideo(request.userId, request.id, request.format);
  }

  @RpcHandler(Rpc.highlightsSubtitles)
  highlight(@Payload() request: mediaV1.SubtitlesRequest) {
    return this.subtitles.forHighlight(request.userId, request.id, request.format);
  }
}
