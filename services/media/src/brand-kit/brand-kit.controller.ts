import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { BrandKitService } from './brand-kit.service';

const Rpc = mediaV1.MediaService.method;

@Controller()
export class BrandKitController {
  constructor(private readonly kits: BrandKitService) {}

  @RpcHandler(Rpc.brandKitGet)
  get(@Payload() request: mediaV1.BrandKitRef) {
    return this.kits.get(request.userId);
  }

  @RpcHandler(Rpc.brandKitPut)
  put(@Payload() request: mediaV1.BrandKitPutRequest) {
    return this.kits.put(request);
  }

  @RpcHandler(Rpc.brandKitLogoSet)
  setLogo(@Payload() request: mediaV1.BrandKitLogoSetRequest) {
    return this.kits.setLogo(request);
  }

  @RpcHandler(Rpc.brandKitLogoDelete)
  deleteLogo(@Payload() request: mediaV1.BrandKitRef) {
    return this.kits.deleteLogo(request.userId);
  }

  @RpcHandler(Rpc.brandKitLogoResolve)
  resolveLogo(@Payload() request: mediaV1.BrandKitLogoResolveRequest) {
    return this.kits.resolveLogo(request.userId, request.logoId);
  }
}
