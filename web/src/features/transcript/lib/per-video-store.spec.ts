import { perVideoStore } from './per-video-store';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('per-video store', () => {
  afterEach(() => delete (globalThis as { localStorage?: Storage }).localStorage);

  it('keeps a value per video, the initial one for any other', () => {
    const store = perVideoStore<string[]>([]);
    store.write('v1', ['toast']);
    expect(store.read('v1')).toEqual(['toast']);
    expect(store.read('v2')).toEqual([]);
  });

  it('remembers a persisted value across stores (a reload), under its own key', () => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
    const key = (id: string) => `checked.${id}`;
    perVideoStore(false, { key }).write('v1', true);
    expect(globalThis.localStorage.getItem('checked.v1')).toBe('true');
    const reloaded = perVideoStore(false, { key });
    expect(reloaded.read('v1')).toBe(true);
    expect(reloaded.read('v2')).toBe(false);
  });

  it('still works when storage refuses', () => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const store = perVideoStore(false, { key: (id) => id });
    store.write('v1', true);
    expect(store.read('v1')).toBe(true);
    expect(store.read('v2')).toBe(false);
  });
});
