/** Public API of the transcript feature (speech: transcript panel, caption styles, include words). */
export { transcriptKey, useTranscript } from './api/transcript';
export { useReelSubtitlesUrl } from './api/subtitles';
export { CaptionReviewCheck, MomentCaptions, useCaptionReview } from './components/CaptionReview';
export { CaptionStylePicker } from './components/CaptionStylePicker';
export { IncludeWordsField } from './components/IncludeWordsField';
export { TranscriptPanel } from './components/TranscriptPanel';
export { captionsCheckedStore, includeWordsStore } from './lib/per-video-store';
export { createPlayhead, type Playhead } from './lib/playhead';
export { isTranscriptLanguage, LANGUAGE_NAMES } from './lib/words';
export type { CaptionStyle, Transcript, TranscriptLanguage } from './types';
