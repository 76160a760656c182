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
