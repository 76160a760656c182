import { configSchema } from './config';

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => configSchema.shape.TRUST_PROXY.parse(value);

  it('trusts no proxy by default, so X-Forwarded-For names nobody', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('reads true as the one proxy next to the gateway, never as every hop a client may write', () => {
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('takes a list of proxy addresses and subnets, and refuses anything else', () => {
    expect(trustProxy('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
    expect(() => trustProxy('yes please!')).toThrow('must be true, false, a number of hops or a list of proxy addresses');
  });
});

describe('STRIPE_PUBLISHABLE_KEY and the CSP', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the environment is set
  const { contentSecurityPolicy } = require('./gateway.app') as typeof import('./gateway.app');
  const config = (key: string) => ({ S3_ENDPOINT: 'http://127.0.0.1:4569', STRIPE_PUBLISHABLE_KEY: key }) as Parameters<typeof contentSecurityPolicy>[0];

  it('lets pages load Stripe.js only when a publishable key is set', () => {
    expect(contentSecurityPolicy(config('')).scriptSrc).toEqual(["'self'"]);
    expect(contentSecurityPolicy(config('')).frameSrc).toBeUndefined();
    const stripe = contentSecurityPolicy(config('pk_test_abc'));
    expect(stripe.scriptSrc).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe.frameSrc).toContain('https://js.stripe.com');
    expect(stripe.connectSrc).toContain('https://api.stripe.com');
  });

  it('takes only publishable keys (never a secret key)', () => {
    const key = (value: string) => configSchema.shape.STRIPE_PUBLISHABLE_KEY.parse(value);
    expect(key('pk_live_123')).toBe('pk_live_123');
    expect(() => key('sk_live_123')).toThrow('publishable key');
  });
});
