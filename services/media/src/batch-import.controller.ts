import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { BatchImportService } from './batch-import.service';

const Rpc = mediaV1.MediaService.method;

/** media.videos.import: videos of bulk batches, from objects already in the store. */
@Controller()
export class BatchImportController {
  constructor(private readonly imports: BatchImportService) {}

  @RpcHandler(Rpc.videosImport)
  importVideo(@Payload() request: mediaV1.VideosImportRequest) {
    return this.imports.importVideo(request);
  }
}
