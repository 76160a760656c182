/**
 * The JSON the HTTP API answers with, declared once: the gateway's builders return these types and
 * the web app reads them, so a field that changes on one side fails to compile on the other.
 * Times are ISO 8601 texts (null when unknown); URLs are signed and same-origin.
 */
import type { VideoAnalysis } from '../gen/media/v1/media_pb';
import type { Platform, TimeRange } from './reel-targets';
import type { CaptionStyle, SpeechSegment } from './speech';

export interface VideoJson {
  id: string;
  title: string;
  filename: string;
  originalFilename: string;
  /** Bytes. */
  fileSize: number;
  /** Seconds. */
  duration: number;
  /** Signed URL of the thumbnail, or null before processing. */
  thumbnail: string | null;
  /** uploaded, processing, processed or error (a newer server may add more). */
  status: string;
  createdAt: string | null;
  /** Where the pipeline is: queued, cutting, validating, thumbnail, filmstrip, waveform, transcoding, done or failed. */
  stage: string;
  errorReason: string | null;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string;
  /** Null until processed. */
  streamUrl: string | null;
  downloadUrl: string | null;
  previewUrl: string | null;
  folderId: string | null;
  batchId: string | null;
  /** The video a trimmed clip was cut from. */
  sourceVideoId: string | null;
  /** Highlight reels of this video that are ready (exports not counted). */
  readyReels: number;
  /** Signed URL of the editor's filmstrip (a JPEG tiled as FILMSTRIP says), or null. */
  filmstrip: string | null;
  /** Signed URL of the editor's waveform (WaveformJson), or null (before processing, or no sound). */
  waveform: string | null;
  /** True when the caller sees it in a team folder someone shared with them: they watch it and make their own reels; changing it stays its owner's. */
  sharedWithYou: boolean;
}

export interface MomentJson {
  /** Seconds into the source. */
  start: number;
  end: number;
  /** 0..1. */
  score: number;
  /** What happened, in words: 'impact', 'applause', 'fast action', 'faces', ... */
  reasons: string[];
}

/** The rendered file of a reel or export. */
export interface ReelJson {
  streamUrl: string | null;
  downloadUrl: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  /** A frame of the reel itself, in its shape. */
  posterUrl: string | null;
}

/** Seconds each step took; null for a step the version skipped. */
export interface TimingsJson {
  analysisSeconds: number | null;
  selectionSeconds: number | null;
  renderSeconds: number | null;
  totalSeconds: number | null;
}

export interface HighlightJson {
  id: string;
  videoId: string;
  videoTitle: string;
  /** 'highlights' (a reel) or 'export'. */
  kind: string;
  version: number;
  /** queued, processing, ready or error. */
  status: string;
  /** queued, analysing, selecting, rendering, done or failed. */
  stage: string;
  preset: string;
  targetLength: number;
  fillToLength: boolean;
  quality: string;
  format: string;
  aspect: string;
  musicTrackId: string | null;
  /** Burned-in captions: none, clean, bold or karaoke. */
  captions: CaptionStyle;
  moments: MomentJson[];
  /** The score per second of the source, for the editor's timeline. */
  timeline: number[];
  /** The quality the file has (below `quality` when the source could not fill it); null for older reels. */
  renderedQuality: string | null;
  /** The engine's words for what it picked; null for edits, exports and older reels. */
  summary: string | null;
  reel: ReelJson | null;
  timings: TimingsJson;
  errorReason: string | null;
  createdAt: string | null;
  /** The platform preset it was made for; null when none was asked. */
  platform: Platform | null;
  /** The ranges marked on generate: in the reel whatever they score / never in it. */
  include: TimeRange[];
  exclude: TimeRange[];
  /** Whether the user's brand kit was applied. */
  brandKit: boolean;
  /** Share links of this reel that are neither revoked nor expired. */
  activeShareLinks: number;
  /** The user id of its maker: the video's owner, or a teammate of its team folder. Only the maker edits it. */
  madeBy: string;
}

/**
 * POST /api/videos/{id}/generate-highlights: the first reel queued (as before), and every version the
 * request made, one per length asked for, in the order of `lengths`.
 */
export interface GeneratedHighlightsJson extends HighlightJson {
  versions: HighlightJson[];
}

export interface FolderJson {
  id: string;
  name: string;
  /** Left out when the folder has none. */
  description?: string;
  color: string;
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /api/video-folders/shared: a team folder someone shared with the caller. */
export interface SharedFolderJson extends FolderJson {
  ownerUsername: string;
  sharedAt: string | null;
}

export interface FolderMemberJson {
  userId: string;
  username: string;
  addedAt: string | null;
}

/** GET, POST and DELETE /api/video-folders/:id/members: who shares the folder. */
export interface FolderMembersJson {
  folderId: string;
  ownerUsername: string;
  /** Whether the caller owns the folder (else they are one of its members). */
  owner: boolean;
  members: FolderMemberJson[];
}

export interface BatchJson {
  id: string;
  name: string;
  description: string;
  status: string;
  totalVideos: number;
  processedVideos: number;
  failedVideos: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** One file of a batch report: what became of it, its reel and how long each step took. */
export interface BatchReportVideoJson {
  position: number;
  originalFilename: string;
  videoId: string | null;
  title: string | null;
  /** The file's status in the batch: processed, failed, or still uploaded/processing. */
  status: string;
  videoStatus: string | null;
  fileSize: number;
  duration: number | null;
  resolution: string | null;
  /** Why it failed, in a sentence; null when it did not. */
  error: string | null;
  highlights: {
    id: string;
    status: string;
    preset: string;
    targetLength: number;
    reelDuration: number;
    moments: Array<{ start: number; end: number; score: number; reasons: string[] }>;
    error: string | null;
  } | null;
  timings: {
    uploadedAt: string;
    processedAt: string | null;
    settledAt: string | null;
    secondsToProcessed: number | null;
    secondsToSettled: number | null;
    analysisSeconds: number | null;
    renderSeconds: number | null;
  };
}

/** GET /api/batches/{id}/report (JSON): the batch, then every file in upload order. */
export interface BatchReportJson {
  generatedAt: string;
  batch: Omit<BatchJson, 'createdAt' | 'updatedAt'> & { progressPercent: number; createdAt: string; updatedAt: string; secondsToComplete: number | null };
  definitions: { processed: string; failed: string };
  failures: Array<{ originalFilename: string; error: string | null }>;
  videos: BatchReportVideoJson[];
}

export interface BatchVideoJson {
  id: string;
  videoId: string | null;
  originalFilename: string;
  status: string;
  errorReason: string | null;
}

export interface MusicTrackJson {
  id: string;
  title: string;
  artist: string;
  filename: string;
  genre: string;
  mood: string;
  /** Whole seconds. */
  duration: number;
  bpm: number;
  /** Where the track streams from (same origin). */
  url: string;
  /** The plans that may use it. */
  plans: string[];
  key: string;
}

export interface NotificationFlagsJson {
  uploadConfirmation: boolean;
  highlightCompletion: boolean;
  processingErrors: boolean;
  weeklyDigest: boolean;
}

export interface PrivacyFlagsJson {
  autoDeleteAfter30Days: boolean;
  publicHighlights: boolean;
}

export interface SettingsJson {
  email: string;
  name: string;
  notifications: NotificationFlagsJson;
  privacy: PrivacyFlagsJson;
  /** The music track picked in the library (reels and exports use it), on every device; null: none. */
  musicTrackId: string | null;
  /** The language new videos are transcribed in (TRANSCRIPT_LANGUAGES); 'en' by default. */
  transcriptLanguage: string;
}

/** An account: GET /api/auth/me, and `user` of a sign-up. */
export interface UserJson {
  id: string;
  username: string;
  /** When the account was made (the epoch when unknown). */
  createdAt: string;
}

/** POST /api/auth/login: the bearer token for the API. */
export interface TokenJson {
  token: string;
}

/** POST /api/auth/register: the new account, already signed in. */
export interface SessionJson extends TokenJson {
  user: UserJson;
}

/** What the caller's plan allows right now. */
export interface EntitlementsJson {
  /** rookie, pro, or null without a plan. */
  plan: string | null;
  /** Whether the plan gives access now. */
  active: boolean;
  /** Uploads a calendar month; null: unlimited (or no plan). */
  monthlyUploads: number | null;
  maxVideoMinutes: number | null;
  allTracks: boolean;
  bulk: boolean;
  /** The page /analytics (Pro). */
  analytics: boolean;
  /** Sharing folders with teammates (Pro). */
  team: boolean;
  /** The highest render quality the plan allows (e.g. 1080p); null without a plan. */
  maxQuality: string | null;
  /** Why the plan gives no access (null when it does). */
  reason: string | null;
}

export interface InvoiceJson {
  id: string;
  number: string | null;
  /** In the currency's main unit (dollars, not cents). */
  amount: number;
  currency: string;
  status: string;
  createdAt: string | null;
}

/** GET /api/billing, and the answer of every /api/billing/* action. */
export interface BillingJson {
  /** Stripe's publishable key for the Payment Element; null unless billing talks to real Stripe. */
  publishableKey: string | null;
  /** rookie, pro, or null without a subscription. */
  plan: string | null;
  /** month or year. */
  interval: string | null;
  /** Stripe's status of the subscription (active, incomplete, past_due, canceled, ...). */
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Billing talks to the local Stripe stand-in (test cards, /api/billing/test-payment). */
  testMode: boolean;
  entitlements: EntitlementsJson;
  /** Uploads of this calendar month (UTC) so far. */
  usage: { uploadsThisMonth: number | null };
  invoices: InvoiceJson[];
}

/** POST /api/create-subscription: what confirms the first invoice's payment. */
export interface SubscriptionCreatedJson {
  clientSecret: string;
  subscriptionId: string;
}

/** POST /api/billing/webhook (Stripe reads it); `applied` is false for an event applied before (a replay). */
export interface WebhookReceiptJson {
  received: true;
  applied: boolean;
}

/** One line of the notification history (GET /api/user/notifications), newest first. */
export interface SentMailJson {
  id: string;
  kind: 'upload' | 'highlight' | 'error' | 'batch' | 'digest' | 'test';
  subject: string;
  to: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  /** Why a mail failed or was skipped ('' when sent). */
  detail: string;
  attempts: number;
  createdAt: string | null;
  sentAt: string | null;
}

/** DELETE /api/videos/:id and DELETE /api/video-folders/:id. */
export interface DeletedJson {
  id: string;
  deleted: true;
}

/** An answer that is one sentence to show (POST /api/test-email). */
export interface MessageJson {
  message: string;
}

/**
 * GET /api/videos/:id/analysis: what the highlight engine measured (404 until the first AI reel
 * analysed the video), field for field the media service's VideoAnalysis message (all plain numbers).
 */
export type VideoAnalysisJson = Omit<VideoAnalysis, '$typeName' | '$unknown' | 'speech'> & {
  /** Stretches of speech (voice activity), in seconds; [] when none was heard or not measured. */
  speech: SpeechSegment[];
};
