import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { musicV1 } from '@reelsmith/proto';
import { MusicService } from './music.service';

const Rpc = musicV1.MusicService.method;

@Controller()
export class MusicController {
  constructor(private readonly music: MusicService) {}

  @RpcHandler(Rpc.tracksList)
  list(@Payload() _request: musicV1.TracksListRequest) {
    return this.music.list();
  }

  @RpcHandler(Rpc.tracksGet)
  get(@Payload() request: musicV1.TracksGetRequest) {
    return this.music.get(request);
  }
}
