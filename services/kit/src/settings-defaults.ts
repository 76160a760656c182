/**
 * A user's settings as every service speaks of them (profile, four notification flags, two
 * privacy options), and what they are for a user who never saved any: the notifications service
 * stores them, the gateway answers with them.
 */
export interface NotificationFlags {
  uploadConfirmation: boolean;
  highlightCompletion: boolean;
  processingErrors: boolean;
  weeklyDigest: boolean;
}

export interface PrivacyFlags {
  autoDeleteAfter30Days: boolean;
  publicHighlights: boolean;
}

export interface UserSettings {
  email: string;
  name: string;
  notifications: NotificationFlags;
  privacy: PrivacyFlags;
}

/** Every mail but the weekly digest; nothing deleted or shown publicly until the user asks. */
export const DEFAULT_SETTINGS: Readonly<{ email: string; name: string; notifications: Readonly<NotificationFlags>; privacy: Readonly<PrivacyFlags> }> =
  Object.freeze({
    email: '',
    name: '',
    notifications: Object.freeze({ uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false }),
    privacy: Object.freeze({ autoDeleteAfter30Days: false, publicHighlights: false }),
  });

/** Settings as far as they are known: a group or a value may be missing. */
export interface PartialSettings {
  email?: string | null;
  name?: string | null;
  notifications?: Partial<NotificationFlags> | null;
  privacy?: Partial<PrivacyFlags> | null;
}

/** Only the keys of `defaults`, each given value or else its default (extra fields of `given` are not copied). */
function filled<T extends object>(defaults: Readonly<T>, given: Partial<T> | null | undefined): T {
  const out = {} as T;
  for (const key of Object.keys(defaults) as Array<keyof T>) out[key] = given?.[key] ?? defaults[key];
  return out;
}

/** The complete settings: what is given, the defaults for the rest (all of them for a user who never saved any). */
export function withDefaultSettings(given: PartialSettings | null | undefined): UserSettings {
  return {
    email: given?.email ?? DEFAULT_SETTINGS.email,
    name: given?.name ?? DEFAULT_SETTINGS.name,
    notifications: filled<NotificationFlags>(DEFAULT_SETTINGS.notifications, given?.notifications),
    privacy: filled<PrivacyFlags>(DEFAULT_SETTINGS.privacy, given?.privacy),
  };
}
