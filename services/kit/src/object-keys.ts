import { randomUUID } from 'node:crypto';
import { UUID_SOURCE } from './ids';

/**
 * Where a user's uploads are stored until media has checked them: uploads/<userId>/<uuid>. Upload
 * URLs (single and bulk) write there, and only there; media then moves the file to a key no URL can
 * write (originals/).
 */
const UPLOADS = 'uploads/';

/** Every key of the user's uploads starts with this. */
export function uploadPrefix(userId: string): string {
  return `${UPLOADS}${userId}/`;
}

/** The key of one upload of the user: a new one (a fresh UUID) unless `id` names an existing one. */
export function uploadKey(userId: string, id: string = randomUUID()): string {
  return `${uploadPrefix(userId)}${id}`;
}

// Keys are made with lower-case UUIDs (randomUUID, user ids from the database): only those are ours.
const UPLOAD_KEY = new RegExp(`^${UPLOADS}(${UUID_SOURCE})/(${UUID_SOURCE})$`);

/** The owner and upload id of an upload key; null for anything that is not exactly one (see uploadKey). */
export function parseUploadKey(key: string): { userId: string; id: string } | null {
  const match = UPLOAD_KEY.exec(key);
  return match ? { userId: match[1], id: match[2] } : null;
}
