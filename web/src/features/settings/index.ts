export { ReadyEmailPrompt } from './components/ReadyEmailPrompt';
export { BRAND_KIT_QUERY_KEY, useBrandKit } from './api/brand-kit';
