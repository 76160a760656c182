import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { anyPack } from '@bufbuild/protobuf/wkt';
import { billingV1, commonV1 } from '@reelsmith/proto';
import { connect, type NatsConnection } from 'nats';

/**
 * For the integration layer only, where each service runs alone: answers billing.entitlements.get
 * with the Pro plan for every user, so media's and batches' own tests need no Stripe. The plan
 * limits themselves are tested against the real billing service (services/billing/test, on a NATS
 * of its own, and the system tests).
 */
export async function startBillingStandIn(natsUrl: string): Promise<NatsConnection> {
  const nc = await connect({ servers: natsUrl, name: 'billing-stand-in' });
  const pro = create(billingV1.EntitlementsSchema, {
    plan: 'pro',
    active: true,
    monthlyUploads: 0,
    maxVideoSeconds: 3600,
    allTracks: true,
    bulk: true,
    analytics: true,
    team: true,
    maxQuality: '1080p',
  });
  nc.subscribe('billing.entitlements.get', {
    queue: 'billing',
    callback: (err, msg) => {
      if (err) return;
      const request = fromBinary(commonV1.RpcPacketSchema, msg.data);
      msg.respond(
        toBinary(
          commonV1.RpcPacketSchema,
          create(commonV1.RpcPacketSchema, {
            id: request.id,
            data: anyPack(billingV1.EntitlementsSchema, pro),
            disposed: true,
          }),
        ),
      );
    },
  });
  await nc.flush();
  return nc;
}
