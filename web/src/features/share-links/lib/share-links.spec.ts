import type { ShareLinkJson } from '@reelsmith/proto/http';
import { expiryText, linkFacts, reusableLink, shareLinkRequest } from './share-links';

const now = Date.parse('2026-11-28T12:00:00Z');
const link = (fields: Partial<ShareLinkJson>): ShareLinkJson => ({
  token: 't'.repeat(43),
  url: 'http://localhost:8080/r/x',
  highlightId: 'h',
  videoId: 'v',
  title: 'Final',
  version: 1,
  createdAt: '2026-11-28T11:00:00Z',
  expiresAt: null,
  allowDownload: false,
  views: 0,
  status: 'active',
  ...fields,
});

describe('share links in the web app', () => {
  it('asks for an expiry only when one was picked', () => {
    expect(shareLinkRequest(null, false, now)).toEqual({ allowDownload: false });
    expect(shareLinkRequest(7, true, now)).toEqual({ expiresAt: '2026-12-05T12:00:00.000Z', allowDownload: true });
    expect(shareLinkRequest(30, false, now).expiresAt).toBe('2026-12-28T12:00:00.000Z');
  });

  it('says when a link ends', () => {
    expect(expiryText(link({}), now)).toBe('Never expires');
    expect(expiryText(link({ expiresAt: '2026-12-05T12:00:00Z' }), now)).toBe('Expires in 7 days');
    expect(expiryText(link({ expiresAt: '2026-11-29T13:00:00Z' }), now)).toBe('Expires in 1 day');
    // A link made a moment ago for 7 days still reads 7 days.
    expect(expiryText(link({ expiresAt: '2026-12-05T11:59:00Z' }), now)).toBe('Expires in 7 days');
    expect(expiryText(link({ expiresAt: '2026-11-28T18:00:00Z' }), now)).toBe('Expires in under a day');
    expect(expiryText(link({ expiresAt: '2026-11-27T12:00:00Z', status: 'expired' }), now)).toMatch(/^Expired /);
    // The server's status and the clock agree once a link's time has passed, even before a refetch.
    expect(expiryText(link({ expiresAt: '2026-11-28T11:59:00Z' }), now)).toMatch(/^Expired /);
  });

  it('sums a link up in one line', () => {
    expect(linkFacts(link({ views: 1, allowDownload: true }), now)).toBe('1 view · Never expires · Download allowed');
    expect(linkFacts(link({ views: 12 }), now)).toBe('12 views · Never expires · Watch only');
  });

  it('reuses the newest active link that never expires, and no other', () => {
    const expiring = link({ token: 'a'.repeat(43), expiresAt: '2026-12-05T12:00:00Z' });
    const expired = link({ token: 'b'.repeat(43), status: 'expired', expiresAt: '2026-11-01T00:00:00Z' });
    const forever = link({ token: 'c'.repeat(43) });
    expect(reusableLink([expiring, expired, forever])).toBe(forever);
    expect(reusableLink([expiring, expired])).toBeNull();
    expect(reusableLink(undefined)).toBeNull();
  });
});
