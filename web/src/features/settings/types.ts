/** The settings object (spec §3) plus the two privacy options. */
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

export interface Settings {
  email: string;
  name: string;
  notifications: NotificationFlags;
  privacy: PrivacyFlags;
}

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

export const DEFAULT_SETTINGS: Settings = {
  email: '',
  name: '',
  notifications: { uploadConfirmation: true, highlightCompletion: true, processingErrors: true, weeklyDigest: false },
  privacy: { autoDeleteAfter30Days: false, publicHighlights: false },
};
