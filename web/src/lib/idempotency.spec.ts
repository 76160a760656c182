import { QueryClient } from '@tanstack/react-query';
import { hashKey, intentKey } from './idempotency';

describe('intentKey', () => {
  const list = ['/api/video-folders'];

  it('is the same for the same action, body and known list, whatever the list order', () => {
    const a = new QueryClient();
    const b = new QueryClient();
    a.setQueryData(list, [{ id: 'f1' }, { id: 'f2' }]);
    b.setQueryData(list, [{ id: 'f2' }, { id: 'f1' }]);
    expect(intentKey(a, 'folder', { name: 'Finals' }, list)).toBe(intentKey(b, 'folder', { name: 'Finals' }, list));
  });

  it('changes with the body, the action, and once the list holds the thing made', () => {
    const client = new QueryClient();
    client.setQueryData(list, [{ id: 'f1' }]);
    const first = intentKey(client, 'folder', { name: 'Finals' }, list);
    expect(intentKey(client, 'folder', { name: 'Semis' }, list)).not.toBe(first);
    expect(intentKey(client, 'batch', { name: 'Finals' }, list)).not.toBe(first);
    client.setQueryData(list, [{ id: 'f1' }, { id: 'f2' }]);
    expect(intentKey(client, 'folder', { name: 'Finals' }, list)).not.toBe(first);
  });

  it('knows the things of a list by their token when they have no id (share links)', () => {
    const client = new QueryClient();
    const links = ['/api/highlights', 'h1', 'share-links'];
    client.setQueryData(links, [{ token: 't1' }]);
    const first = intentKey(client, 'share-link', { allowDownload: false }, links);
    client.setQueryData(links, [{ token: 't2' }, { token: 't1' }]);
    expect(intentKey(client, 'share-link', { allowDownload: false }, links)).not.toBe(first);
  });

  it('is a valid header value: visible ASCII, at most 255 characters', () => {
    const key = intentKey(new QueryClient(), 'generate', { videoId: 'v'.repeat(500) }, ['/x']);
    expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(hashKey('a')).not.toBe(hashKey('b'));
  });
});
