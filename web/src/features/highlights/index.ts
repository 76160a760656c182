/** Public API of the highlights feature. */
export { useCreateExport, useExports, useHighlight } from './api/highlights';
export { useHighlightProgress } from './api/use-highlight-progress';
export { useSelectedMusicForRender } from './api/use-selected-music';
export { AiHighlightsCard } from './components/AiHighlightsCard';
export { HighlightsSection } from './components/HighlightsSection';
export { HighlightStatusBadge } from './components/HighlightStatusBadge';
export { RetryHighlightButton } from './components/RetryHighlightButton';
export { ASPECTS, DEFAULT_EXPORT_FORMAT, DEFAULT_EXPORT_QUALITY, FORMATS, formatLabel, QUALITIES, qualityLabel, qualityNote } from './lib/options';
export { isFinished } from './lib/progress';
export type { Aspect, Highlight, HighlightProgress, Quality, ReelFormat } from './types';
