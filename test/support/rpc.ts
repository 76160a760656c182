import { RpcFailure } from '@reelsmith/kit';

/** The RpcFailure a call ends with; fails the test when the call succeeds or fails otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<RpcFailure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RpcFailure) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}
