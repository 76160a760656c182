import type { NotificationFlagsJson, PrivacyFlagsJson, SettingsJson } from './responses';

/**
 * What a user's settings are before they saved any, declared once: the notifications service
 * stores them (column defaults, mails it sends), the gateway answers with them and the web app's
 * form starts from them. No zod here: the web app imports this at run time
 * (`@reelsmith/proto/http/settings`), without the body declarations.
 */

/** Every mail but the weekly digest; nothing deleted or shown publicly until the user asks. */
export const DEFAULT_SETTINGS: Readonly<{
  email: string;
  name: string;
  notifications: Readonly<NotificationFlagsJson>;
  privacy: Readonly<PrivacyFlagsJson>;
  musicTrackId: string | null;
  transcriptLanguage: string;
}> = Object.freeze({
  email: '',
  name: '',
  notifications: Object.freeze({ uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false }),
  privacy: Object.freeze({ autoDeleteAfter30Days: false, publicHighlights: false }),
  musicTrackId: null,
  transcriptLanguage: 'en',
});

/** Settings as far as they are known: a group or a value may be missing. */
export interface PartialSettings {
  email?: string | null;
  name?: string | null;
  notifications?: Partial<NotificationFlagsJson> | null;
  privacy?: Partial<PrivacyFlagsJson> | null;
  /** The picked track's id; empty or absent: none. */
  musicTrackId?: string | null;
  /** A TRANSCRIPT_LANGUAGES code; empty or absent: English. */
  transcriptLanguage?: string | null;
}

/** Only the keys of `defaults`, each given value or else its default (extra fields of `given` are not copied). */
function filled<T extends object>(defaults: Readonly<T>, given: Partial<T> | null | undefined): T {
  const out = {} as T;
  for (const key of Object.keys(defaults) as Array<keyof T>) out[key] = given?.[key] ?? defaults[key];
  return out;
}

/** The complete settings: what is given, the defaults for the rest (all of them for a user who never saved any). */
export function withDefaultSettings(given: PartialSettings | null | undefined): SettingsJson {
  return {
    email: given?.email ?? DEFAULT_SETTINGS.email,
    name: given?.name ?? DEFAULT_SETTINGS.name,
    notifications: filled<NotificationFlagsJson>(DEFAULT_SETTINGS.notifications, given?.notifications),
    privacy: filled<PrivacyFlagsJson>(DEFAULT_SETTINGS.privacy, given?.privacy),
    musicTrackId: given?.musicTrackId || DEFAULT_SETTINGS.musicTrackId,
    transcriptLanguage: given?.transcriptLanguage || DEFAULT_SETTINGS.transcriptLanguage,
  };
}
