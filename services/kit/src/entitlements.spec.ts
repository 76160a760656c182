import { create } from '@bufbuild/protobuf';
import { billingV1 } from '@reelsmith/proto';
import { EntitlementsCache } from './entitlements';
import { ErrorCode, RpcFailure } from './rpc-error';
import type { RpcClient } from './rpc';

function fakeRpc(answers: billingV1.Entitlements[]) {
  const calls: string[] = [];
  const rpc = {
    call: async (_m: unknown, req: { userId: string }) => {
      calls.push(req.userId);
      return answers[Math.min(calls.length - 1, answers.length - 1)];
    },
  };
  return { rpc: rpc as unknown as RpcClient, calls };
}
const none = create(billingV1.EntitlementsSchema, { active: false, reason: 'There is no free tier: choose Rookie or Pro at /pricing.' });
const pro = create(billingV1.EntitlementsSchema, { active: true, plan: 'pro', bulk: true });

describe('EntitlementsCache', () => {
  it('asks billing once per user within the ttl', async () => {
    const { rpc, calls } = fakeRpc([pro]);
    const cache = new EntitlementsCache(rpc, 60_000);
    await cache.get('u1');
    await cache.get('u1');
    await cache.get('u2');
    expect(calls).toEqual(['u1', 'u2']);
  });

  it('asks again after the ttl', async () => {
    const { rpc, calls } = fakeRpc([none, pro]);
    const cache = new EntitlementsCache(rpc, 0);
    expect((await cache.get('u1')).active).toBe(false);
    expect((await cache.get('u1')).active).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it("requirePlan answers 402 with what needs the plan and billing's reason", async () => {
    const cache = new EntitlementsCache(fakeRpc([none]).rpc);
    const failure = await cache.requirePlan('u1', 'Uploading a video').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(RpcFailure);
    expect((failure as RpcFailure).code).toBe(ErrorCode.PAYMENT_REQUIRED);
    expect((failure as RpcFailure).message).toBe('Uploading a video needs a plan. There is no free tier: choose Rookie or Pro at /pricing.');
  });
});
