import { isUuid } from './ids';
import { parseUploadKey, uploadKey, uploadPrefix } from './object-keys';

const USER = '4b6f3a52-8c1d-4e2f-9a0b-1c2d3e4f5a6b';
const ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('upload keys', () => {
  it('are uploads/<user>/<uuid>, a fresh uuid unless one is given', () => {
    expect(uploadKey(USER, ID)).toBe(`uploads/${USER}/${ID}`);
    const fresh = uploadKey(USER);
    expect(fresh.startsWith(uploadPrefix(USER))).toBe(true);
    expect(isUuid(fresh.slice(uploadPrefix(USER).length))).toBe(true);
    expect(uploadKey(USER)).not.toBe(fresh);
    expect(uploadPrefix(USER)).toBe(`uploads/${USER}/`);
  });

  it('parse back into their owner and id', () => {
    expect(parseUploadKey(uploadKey(USER, ID))).toEqual({ userId: USER, id: ID });
    const fresh = uploadKey(USER);
    expect(parseUploadKey(fresh)?.userId).toBe(USER);
  });

  it('parse nothing that is not exactly an upload key', () => {
    for (const key of [
      `originals/${USER}/${ID}`,
      `uploads/${USER}`,
      `uploads/${USER}/${ID}/x`,
      `/uploads/${USER}/${ID}`,
      `uploads/${USER}/${ID}.mp4`,
      `uploads/${USER}/------------------------------------`,
      `uploads/not-a-user/${ID}`,
      `uploads/${USER.toUpperCase()}/${ID}`,
      `derived/${ID}/analysis.json`,
    ]) {
      expect(parseUploadKey(key)).toBeNull();
    }
  });
});
