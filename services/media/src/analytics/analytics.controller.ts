import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { analyticsV1 } from '@reelsmith/proto';
import { AnalyticsService } from './analytics.service';

const Rpc = analyticsV1.AnalyticsService.method;

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RpcHandler(Rpc.analyticsGet)
  get(@Payload() request: analyticsV1.AnalyticsGetRequest) {
    return this.analytics.get(request.userId, request.weeks);
  }
}
