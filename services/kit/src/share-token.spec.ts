import { randomUUID } from 'node:crypto';
import { shareLinkIdOf, shareToken } from './share-token';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('share-link tokens', () => {
  it('are 43 base64url characters that give back the link id', () => {
    const id = randomUUID();
    const token = shareToken(secret, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shareLinkIdOf(secret, token)).toBe(id);
  });

  it('refuse a token made with another secret, altered in any character, or malformed', () => {
    const token = shareToken(secret, randomUUID());
    expect(shareLinkIdOf('another-secret-of-thirty-two-characters!', token)).toBeNull();
    for (let i = 0; i < token.length; i += 1) {
      const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(shareLinkIdOf(secret, altered)).toBeNull();
    }
    for (const bad of ['', token.slice(1), `${token}A`, token.replace(/.$/, '='), 42, null, '../../etc/passwd']) expect(shareLinkIdOf(secret, bad)).toBeNull();
  });

  it('differ for every link', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => shareToken(secret, randomUUID())));
    expect(tokens.size).toBe(200);
  });
});
