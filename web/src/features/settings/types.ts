import type { NotificationFlagsJson, PrivacyFlagsJson, SettingsJson } from '@reelsmith/proto/http';

/** The settings object plus the two privacy options. */
export type NotificationFlags = NotificationFlagsJson;
export type PrivacyFlags = PrivacyFlagsJson;
export type Settings = SettingsJson;

export type TestEmailType = 'upload' | 'highlight' | 'error';

/** One line of the notification history (GET /api/user/notifications). */
export interface SentMail {
  id: string;
  kind: 'upload' | 'highlight' | 'error' | 'batch' | 'digest' | 'test';
  subject: string;
  to: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  detail: string;
  attempts: number;
  createdAt: string | null;
  sentAt: string | null;
}
