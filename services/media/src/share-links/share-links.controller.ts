import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { shareLinksV1 } from '@reelsmith/proto';
import { ShareLinksService } from './share-links.service';

const Rpc = shareLinksV1.ShareLinksService.method;

@Controller()
export class ShareLinksController {
  constructor(private readonly links: ShareLinksService) {}

  @RpcHandler(Rpc.shareLinksCreate)
  create(@Payload() request: shareLinksV1.ShareLinksCreateRequest) {
    return this.links.create(request);
  }

  @RpcHandler(Rpc.shareLinksList)
  list(@Payload() request: shareLinksV1.ShareLinksListRequest) {
    return this.links.list(request.userId, request.highlightId);
  }

  @RpcHandler(Rpc.shareLinksRevoke)
  revoke(@Payload() request: shareLinksV1.ShareLinksRevokeRequest) {
    return this.links.revoke(request.userId, request.token);
  }

  @RpcHandler(Rpc.shareLinksOpen)
  open(@Payload() request: shareLinksV1.ShareLinksOpenRequest) {
    return this.links.open(request.token, request.countView);
  }

  @RpcHandler(Rpc.shareLinksObject)
  object(@Payload() request: shareLinksV1.ShareLinksObjectRequest) {
    return this.links.object(request.token, request.kind);
  }
}
