import type { NotificationFlagsJson, PrivacyFlagsJson, SentMailJson, SettingsJson, TestEmailType as TestEmailTypeJson } from '@reelsmith/proto/http';

/** The settings object plus the two privacy options. */
export type NotificationFlags = NotificationFlagsJson;
export type PrivacyFlags = PrivacyFlagsJson;
/** The settings object; `transcriptLanguage` is the language transcripts are made in ('en' unless saved). */
export type Settings = SettingsJson;

export type TestEmailType = TestEmailTypeJson;
/** One line of the notification history (GET /api/user/notifications). */
export type SentMail = SentMailJson;
