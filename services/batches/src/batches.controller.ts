import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { batchesV1 } from '@reelsmith/proto';
import { BatchesService } from './batches.service';

const Rpc = batchesV1.BatchesService.method;

@Controller()
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  @RpcHandler(Rpc.batchesCreate)
  create(@Payload() request: batchesV1.BatchesCreateRequest) {
    return this.batches.create(request);
  }

  @RpcHandler(Rpc.batchesList)
  list(@Payload() request: batchesV1.BatchesListRequest) {
    return this.batches.list(request.userId);
  }

  @RpcHandler(Rpc.batchesGet)
  get(@Payload() request: batchesV1.BatchRef) {
    return this.batches.get(request.userId, request.batchId);
  }

  @RpcHandler(Rpc.videosAdd)
  addVideos(@Payload() request: batchesV1.VideosAddRequest) {
    return this.batches.addVideos(request);
  }

  @RpcHandler(Rpc.reportGet)
  report(@Payload() request: batchesV1.BatchRef) {
    return this.batches.report(request.userId, request.batchId);
  }
}
