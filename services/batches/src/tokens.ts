/** The RpcClient the batches service calls media with. */
export const MEDIA_RPC = Symbol('MEDIA_RPC');
export const BATCHES_CONFIG = Symbol('BATCHES_CONFIG');
