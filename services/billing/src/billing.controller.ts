import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { billingV1 } from '@reelsmith/proto';
import { BillingService } from './billing.service';

const { BillingService: Rpc } = billingV1;

@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @RpcHandler(Rpc.method.subscriptionCreate)
  create(@Payload() request: billingV1.SubscriptionCreateRequest) {
    return this.billing.createSubscription(request.userId, request.plan, request.interval);
  }

  @RpcHandler(Rpc.method.billingGet)
  get(@Payload() request: billingV1.UserRef) {
    return this.billing.overview(request.userId);
  }

  @RpcHandler(Rpc.method.subscriptionChange)
  change(@Payload() request: billingV1.SubscriptionChangeRequest) {
    return this.billing.changePlan(request.userId, request.plan, request.interval);
  }

  @RpcHandler(Rpc.method.subscriptionCancel)
  cancel(@Payload() request: billingV1.UserRef) {
    return this.billing.cancel(request.userId);
  }

  @RpcHandler(Rpc.method.subscriptionResume)
  resume(@Payload() request: billingV1.UserRef) {
    return this.billing.resume(request.userId);
  }

  @RpcHandler(Rpc.method.testPayment)
  testPayment(@Payload() request: billingV1.TestPaymentRequest) {
    return this.billing.testPayment(request.userId, request.paymentMethod);
  }

  @RpcHandler(Rpc.method.webhookHandle)
  webhook(@Payload() request: billingV1.WebhookRequest) {
    return this.billing.webhook(request.payload, request.signature);
  }

  @RpcHandler(Rpc.method.entitlementsGet)
  entitlements(@Payload() request: billingV1.UserRef) {
    return this.billing.entitlements(request.userId);
  }
}
