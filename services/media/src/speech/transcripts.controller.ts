import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { TranscriptsService } from './transcripts.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class TranscriptsController {
  constructor(private readonly transcripts: TranscriptsService) {}

  @RpcHandler(Rpc.transcriptsGet)
  get(@Payload() request: mediaV1.VideoRef) {
    return this.transcripts.get(request.userId, request.videoId);
  }

  @RpcHandler(Rpc.transcriptsEdit)
  edit(@Payload() request: mediaV1.TranscriptsEditRequest) {
    return this.transcripts.edit(request);
  }

  @RpcHandler(Rpc.transcriptsMake)
  make(@Payload() request: mediaV1.TranscriptsMakeRequest) {
    return this.transcripts.make(request);
  }
}
