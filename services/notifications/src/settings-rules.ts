import { TRANSCRIPT_LANGUAGES } from '@reelsmith/proto/http';
/** The pure rules of a settings update: e-mail checked, name trimmed, partial updates. */

export interface SettingsPatch {
  email?: string;
  name?: string;
  uploadConfirmation?: boolean;
  highlightCompletion?: boolean;
  processingErrors?: boolean;
  weeklyDigest?: boolean;
  autoDeleteAfter30Days?: boolean;
  publicHighlights?: boolean;
  musicTrackId?: string;
  transcriptLanguage?: string;
}

export type PatchResult = { ok: true; fields: SettingsPatch } | { ok: false; violations: Array<{ field: string; message: string }> };

// Close to what browsers accept for <input type="email">: one @, a dotted domain, no spaces or brackets.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A music catalogue id, or '' for none (whether the track exists and the plan covers it is checked when a reel uses it). */
const TRACK_ID = /^[A-Za-z0-9_-]{0,64}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Checks and normalises a patch: an empty e-mail clears it, a non-empty one must be valid; the name is trimmed (at most 100). */
export function checkPatch(patch: SettingsPatch): PatchResult {
  const violations: Array<{ field: string; message: string }> = [];
  const fields: SettingsPatch = { ...patch };
  if (patch.email !== undefined) {
    const email = patch.email.trim();
    if (email !== '' && !isEmail(email)) violations.push({ field: 'email', message: 'Invalid email' });
    fields.email = email;
  }
  if (patch.name !== undefined) {
    const name = patch.name.trim().replace(/\s+/g, ' ');
    if (name.length > 100) violations.push({ field: 'name', message: 'String must contain at most 100 character(s)' });
    fields.name = name;
  }
  if (patch.transcriptLanguage !== undefined && !(TRANSCRIPT_LANGUAGES as readonly string[]).includes(patch.transcriptLanguage)) {
    violations.push({ field: 'transcriptLanguage', message: `transcriptLanguage must be one of ${TRANSCRIPT_LANGUAGES.join(', ')}` });
  }
  if (patch.musicTrackId !== undefined) {
    const id = patch.musicTrackId.trim();
    if (!TRACK_ID.test(id)) violations.push({ field: 'musicTrackId', message: 'Invalid music track' });
    fields.musicTrackId = id;
  }
  return violations.length ? { ok: false, violations } : { ok: true, fields };
}

/** The four notification categories, each with its flag, its unsubscribe wording and its mail kinds. */
export const CATEGORIES = {
  uploadConfirmation: { label: 'upload confirmation', kinds: ['upload'] },
  highlightCompletion: { label: 'highlight', kinds: ['highlight', 'batch'] },
  processingErrors: { label: 'processing error', kinds: ['error'] },
  weeklyDigest: { label: 'weekly digest', kinds: ['digest'] },
} as const;
export type Category = keyof typeof CATEGORIES;

export function isCategory(value: string): value is Category {
  return Object.prototype.hasOwnProperty.call(CATEGORIES, value);
}

/** The category a mail kind belongs to ('upload' -> uploadConfirmation). */
export function categoryOfKind(kind: string): Category {
  const found = (Object.keys(CATEGORIES) as Category[]).find((c) => (CATEGORIES[c].kinds as readonly string[]).includes(kind));
  if (!found) throw new Error(`no notification category sends '${kind}' mails`);
  return found;
}
