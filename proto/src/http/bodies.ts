import { z } from 'zod/v4';
import { amount, fieldsOf, flag, noFields, optionalFlag, optionalText, text } from './fields';
import { MAX_LENGTHS, MAX_MARKED_RANGES, REEL_LENGTHS } from './reel-targets';
import { MAX_INCLUDE_WORD_CHARS, MAX_INCLUDE_WORDS, MAX_TRANSCRIPT_WORDS, TRANSCRIPT_LANGUAGES } from './speech';

/**
 * Every JSON body the HTTP API takes, declared once: the gateway validates with these and shows them
 * at /api/docs; the web app sends their input types. Rules beyond the shape (a known preset, a
 * folder that exists) belong to the service that owns them.
 */

/** The sign-up rules: the auth service enforces them, the web's forms check them before sending. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
/** argon2 accepts long inputs, but hashing megabytes on request is a denial of service. */
export const PASSWORD_MAX = 128;

export const credentialsBody = fieldsOf(
  {
    username: z.string({ error: 'Username and password are required' }).max(1000, { error: 'Username or password is too long' }),
    password: z.string({ error: 'Username and password are required' }).max(1000, { error: 'Username or password is too long' }),
  },
  'The request body',
);

export const completeUploadBody = fieldsOf(
  {
    videoURL: text(),
    title: text(1000),
    originalFilename: text(1000),
    fileSize: amount().refine(Number.isSafeInteger, { error: 'fileSize must be a whole number of bytes' }),
    duration: amount(),
  },
  'The request body',
);

export const moveVideoBody = fieldsOf(
  {
    folderId: z.union(
      [
        z
          .string()
          .max(100)
          .refine((id) => id.trim() !== ''),
        z.null(),
      ],
      {
        error: (iss) =>
          iss.input === undefined ? 'folderId is required (a folder id, or null for the library)' : 'folderId must be a folder id, or null for the library',
      },
    ),
  },
  'The request body',
);

export const trimBody = fieldsOf({ start: text(20), end: text(20), title: text(1000) }, 'The request body');

export const folderBody = fieldsOf({ name: text(1000), description: text(5000), color: text(50) }, 'The request body');

/** POST /api/video-folders/:id/members: a teammate by their username. */
export const folderMemberBody = fieldsOf({ username: text(1000) }, 'The request body');

export const batchBody = fieldsOf({ name: text(500), description: text(5000) }, 'The request body');

/**
 * How a reel or export is rendered. `musicTrackId: null` asks for no music; left out, a re-render
 * keeps the reel's track. `captions` (none, clean, bold or karaoke) left out: a re-render keeps the
 * reel's, a new reel gets clean when the video has sound.
 */
const renderFields = {
  quality: text(20),
  format: text(20),
  aspect: text(20),
  musicTrackId: optionalText(100),
  captions: text(20),
};

const INCLUDE_WORDS = `includeWords must be a list of at most ${MAX_INCLUDE_WORDS} words or phrases`;
const INCLUDE_WORD = `Every word or phrase in includeWords must be 1 to ${MAX_INCLUDE_WORD_CHARS} characters long`;

/** The words or short phrases whose moments must be in the reel, trimmed. */
const includeWords = z
  .array(
    z
      .string({ error: INCLUDE_WORDS })
      .transform((w) => w.trim())
      .refine((w) => w.length >= 1 && w.length <= MAX_INCLUDE_WORD_CHARS, { error: INCLUDE_WORD }),
    { error: INCLUDE_WORDS },
  )
  .max(MAX_INCLUDE_WORDS, { error: INCLUDE_WORDS })
  .nullish()
  .transform((v) => v ?? []);

const LENGTHS = `lengths must be a list of at most ${MAX_LENGTHS} of ${REEL_LENGTHS.join(', ')} seconds`;

/** Several reels from one generate, one version per length (analysed once); empty: targetLength alone. */
const lengths = z
  .array(
    z.number({ error: LENGTHS }).refine((n) => (REEL_LENGTHS as readonly number[]).includes(n), { error: LENGTHS }),
    { error: LENGTHS },
  )
  .max(MAX_LENGTHS, { error: LENGTHS })
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

/** Ranges of the source in seconds ({start, end}, start < end); whether they fit the video is the media service's rule. */
function markedRanges(name: 'include' | 'exclude') {
  const shape = `${name} must be a list of at most ${MAX_MARKED_RANGES} ranges {start, end} in seconds`;
  const range = fieldsOf({ start: amount(), end: amount() }, `Every range in ${name}`).refine((r) => r.end > r.start, {
    error: `Every range in ${name} must end after it starts`,
  });
  return z
    .array(range, { error: shape })
    .max(MAX_MARKED_RANGES, { error: shape })
    .nullish()
    .transform((v) => v ?? []);
}

/**
 * A new reel. `platform` (tiktok, reels, shorts, youtube, square, portrait) sets the aspect and the
 * longest length; `lengths` asks for several reels at once; `include` ranges are in the reel whatever
 * they score, `exclude` ranges never; `brandKit: false` leaves the user's brand kit off (left out: on
 * when the user has one).
 */
export const generateBody = fieldsOf(
  {
    preset: text(20),
    platform: text(20),
    targetLength: amount(),
    lengths,
    fillToLength: flag(),
    includeWords,
    include: markedRanges('include'),
    exclude: markedRanges('exclude'),
    brandKit: z.boolean({ error: 'brandKit must be true or false' }).nullish(),
    ...renderFields,
  },
  'The request body',
);

export const MAX_MOMENTS_IN_BODY = 100;
const MAX_REASONS = 10;
const REASONS = `reasons must be a list of at most ${MAX_REASONS} texts`;

const momentBody = fieldsOf(
  {
    start: amount(),
    end: amount(),
    score: amount(),
    reasons: z
      .array(z.string({ error: REASONS }).max(100, { error: REASONS }), { error: REASONS })
      .max(MAX_REASONS, { error: REASONS })
      .nullish()
      .transform((v) => v ?? []),
  },
  'Every moment',
);

export const editMomentsBody = fieldsOf(
  {
    moments: z
      .array(momentBody, { error: 'moments must be a list of {start, end} in seconds' })
      .max(MAX_MOMENTS_IN_BODY, { error: 'moments must be a list of {start, end} in seconds' }),
    ...renderFields,
  },
  'The request body',
);

export const exportBody = fieldsOf({ start: text(20), end: text(20), ...renderFields }, 'The request body');

export const notificationFlagsBody = fieldsOf(
  {
    uploadConfirmation: optionalFlag(),
    highlightCompletion: optionalFlag(),
    processingErrors: optionalFlag(),
    weeklyDigest: optionalFlag(),
  },
  'notifications',
);

export const privacyFlagsBody = fieldsOf({ autoDeleteAfter30Days: optionalFlag(), publicHighlights: optionalFlag() }, 'privacy');

/** A partial update: only the fields sent change. */
export const settingsBody = fieldsOf(
  {
    email: optionalText(254),
    name: optionalText(200),
    notifications: notificationFlagsBody.optional(),
    privacy: privacyFlagsBody.optional(),
    musicTrackId: optionalText(64),
    transcriptLanguage: z.enum(TRANSCRIPT_LANGUAGES, { error: `transcriptLanguage must be one of ${TRANSCRIPT_LANGUAGES.join(', ')}` }).optional(),
  },
  'The request body',
);

/** A corrected transcript word: its text and its times in seconds of the video. */
/** C0 controls (NUL, tab, line breaks...) and DEL. */
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

const transcriptWordBody = fieldsOf(
  {
    text: z
      .string({ error: 'Every word needs a text of 1 to 100 characters' })
      .trim()
      .min(1, { error: 'A word cannot be empty' })
      .max(100, { error: 'A word must be at most 100 characters' })
      // A word is burned into captions and written into subtitle files: no NULs or line controls.
      .refine((t) => ![...t].some(isControl), { error: 'A word cannot hold control characters' }),
    start: z.number({ error: 'Every word needs a start time in seconds' }).min(0, { error: 'A word cannot start before 0 seconds' }),
    end: z.number({ error: 'Every word needs an end time in seconds' }).min(0, { error: 'A word cannot end before 0 seconds' }),
  },
  'Every word',
).refine((word) => word.start <= word.end, { error: 'A word cannot end before it starts' });

/** PUT /api/videos/{id}/transcript: the whole corrected list, in time order (media checks it fits in the video). */
export const transcriptBody = fieldsOf(
  {
    words: z
      .array(transcriptWordBody, { error: 'words must be a list of {text, start, end}' })
      .max(MAX_TRANSCRIPT_WORDS, { error: `A transcript holds at most ${MAX_TRANSCRIPT_WORDS} words` })
      .refine((words) => words.every((word, i) => i === 0 || words[i - 1].start <= word.start), { error: 'The words must be in time order' }),
  },
  'The request body',
);

/** POST /api/videos/{id}/transcript: transcribe again, in this language. */
export const transcribeBody = fieldsOf(
  {
    language: z.enum(TRANSCRIPT_LANGUAGES, { error: `language must be one of ${TRANSCRIPT_LANGUAGES.join(', ')}` }),
  },
  'The request body',
);

/** The sample mails POST /api/test-email can send. */
export const TEST_EMAIL_TYPES = ['upload', 'highlight', 'error'] as const;
export type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

export const testEmailBody = fieldsOf({ email: text(254), type: text(20) }, 'The request body');

export const subscriptionBody = fieldsOf({ plan: text(20), interval: text(20) }, 'The request body');

export const testPaymentBody = fieldsOf({ paymentMethod: text(100) }, 'The request body');

export const emptyBody = noFields;

/** What a client sends (before defaults), per body. */
export type CredentialsInput = z.input<typeof credentialsBody>;
export type CompleteUploadInput = z.input<typeof completeUploadBody>;
export type MoveVideoInput = z.input<typeof moveVideoBody>;
export type TrimInput = z.input<typeof trimBody>;
export type FolderInput = z.input<typeof folderBody>;
export type FolderMemberInput = z.input<typeof folderMemberBody>;
export type BatchInput = z.input<typeof batchBody>;
export type GenerateInput = z.input<typeof generateBody>;
export type EditMomentsInput = z.input<typeof editMomentsBody>;
export type ExportInput = z.input<typeof exportBody>;
export type SettingsInput = z.input<typeof settingsBody>;
export type TranscriptInput = z.input<typeof transcriptBody>;
export type TranscribeInput = z.input<typeof transcribeBody>;
export type TestEmailInput = z.input<typeof testEmailBody>;
export type SubscriptionInput = z.input<typeof subscriptionBody>;
