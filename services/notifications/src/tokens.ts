export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
/** The RpcClient the notifications service asks media with (highlight details). */
export const MEDIA_RPC = Symbol('MEDIA_RPC');
/** The per-user counter of test e-mails (a SharedWindowCounter in NATS KV). */
export const TEST_EMAIL_COUNTER = Symbol('TEST_EMAIL_COUNTER');
