import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller, Get, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public, RpcClient, RpcFailure } from '@reelsmith/kit';
import { billingV1, mediaV1 } from '@reelsmith/proto';
import type { Request } from 'express';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';
import type { GatewayConfig } from '../config';
import {
  type BillingJson,
  type EntitlementsJson,
  emptyBody,
  type SubscriptionCreatedJson,
  subscriptionBody,
  testPaymentBody,
  type WebhookReceiptJson,
} from '@reelsmith/proto/http';
import type { z } from 'zod/v4';
import { JsonBody } from '../http/body';
import { GATEWAY_CONFIG } from '../tokens';
import { Idempotent } from '../http/idempotency.interceptor';

const Rpc = billingV1.BillingService.method;

/** Entitlements as the web app reads them (0 uploads: unlimited). */
export function entitlementsJson(e: billingV1.Entitlements | undefined): EntitlementsJson {
  return {
    plan: e?.plan || null,
    active: e?.active ?? false,
    monthlyUploads: e?.monthlyUploads || null,
    maxVideoMinutes: e?.maxVideoSeconds ? e.maxVideoSeconds / 60 : null,
    allTracks: e?.allTracks ?? false,
    bulk: e?.bulk ?? false,
    analytics: e?.analytics ?? false,
    team: e?.team ?? false,
    maxQuality: e?.maxQuality || null,
    reason: e?.reason || null,
  };
}

function overviewJson(o: billingV1.BillingOverview, uploadsThisMonth: number | null, publishableKey: string): BillingJson {
  return {
    // The Payment Element's key, only when billing talks to real Stripe.
    publishableKey: !o.testMode && publishableKey ? publishableKey : null,
    plan: o.plan || null,
    interval: o.interval || null,
    status: o.status || null,
    currentPeriodEnd: o.currentPeriodEnd ? timestampDate(o.currentPeriodEnd).toISOString() : null,
    cancelAtPeriodEnd: o.cancelAtPeriodEnd,
    testMode: o.testMode,
    entitlements: entitlementsJson(o.entitlements),
    usage: { uploadsThisMonth },
    invoices: o.invoices.map((i) => ({
      id: i.id,
      number: i.number || null,
      amount: Number(i.amount) / 100,
      currency: i.currency,
      status: i.status,
      createdAt: i.createdAt ? timestampDate(i.createdAt).toISOString() : null,
    })),
  };
}

@ApiTags('billing')
@ApiBearerAuth()
@Controller('api')
export class BillingController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** {plan, interval?} -> {clientSecret} of the first invoice's payment. */
  @Post('create-subscription')
  @Idempotent()
  @HttpCode(200)
  async create(@CurrentCaller() caller: Caller, @JsonBody(subscriptionBody) body: z.output<typeof subscriptionBody>): Promise<SubscriptionCreatedJson> {
    const created = await this.rpc.call(Rpc.subscriptionCreate, { userId: caller.userId, ...body });
    return { clientSecret: created.clientSecret, subscriptionId: created.subscriptionId };
  }

  @Get('billing')
  async get(@CurrentCaller() caller: Caller): Promise<BillingJson> {
    const [overview, usage] = await Promise.all([
      this.rpc.call(Rpc.billingGet, { userId: caller.userId }),
      this.rpc.call(mediaV1.MediaService.method.usageGet, { userId: caller.userId }),
    ]);
    return overviewJson(overview, usage.uploadsThisMonth, this.config.STRIPE_PUBLISHABLE_KEY);
  }

  @Post('billing/change-plan')
  @Idempotent()
  @HttpCode(200)
  async change(@CurrentCaller() caller: Caller, @JsonBody(subscriptionBody) body: z.output<typeof subscriptionBody>): Promise<BillingJson> {
    await this.rpc.call(Rpc.subscriptionChange, { userId: caller.userId, ...body });
    return this.get(caller);
  }

  @Post('billing/cancel')
  @HttpCode(200)
  async cancel(@CurrentCaller() caller: Caller, @JsonBody(emptyBody) _body: object): Promise<BillingJson> {
    await this.rpc.call(Rpc.subscriptionCancel, { userId: caller.userId });
    return this.get(caller);
  }

  @Post('billing/resume')
  @HttpCode(200)
  async resume(@CurrentCaller() caller: Caller, @JsonBody(emptyBody) _body: object): Promise<BillingJson> {
    await this.rpc.call(Rpc.subscriptionResume, { userId: caller.userId });
    return this.get(caller);
  }

  /** Only while billing talks to the local Stripe server (404 otherwise): confirms with pm_card_visa or pm_card_chargeDeclined. */
  @Post('billing/test-payment')
  @HttpCode(200)
  async testPayment(@CurrentCaller() caller: Caller, @JsonBody(testPaymentBody) body: z.output<typeof testPaymentBody>): Promise<BillingJson> {
    await this.rpc.call(Rpc.testPayment, { userId: caller.userId, ...body });
    return this.get(caller);
  }

  /** Stripe's webhooks: the raw body (express.raw on this path) and its Stripe-Signature. */
  @Public()
  @Post('billing/webhook')
  @HttpCode(200)
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookReceiptJson> {
    if (!Buffer.isBuffer(req.body) || !signature) throw RpcFailure.invalid('A Stripe webhook needs its raw body and a Stripe-Signature header.');
    const result = await this.rpc.call(Rpc.webhookHandle, { payload: new Uint8Array(req.body), signature });
    return { received: true, applied: result.applied };
  }
}
