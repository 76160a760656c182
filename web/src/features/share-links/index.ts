/** Public API of the share-links feature: public pages of reels (docs/share-links.md). */
export { useCreateShareLink, useReelShareLinks } from './api/share-links';
export { ShareLinksCard } from './components/ShareLinksCard';
export { ShareLinksButton } from './components/ShareLinksDialog';
export { copyText } from './lib/clipboard';
export { reusableLink } from './lib/share-links';
