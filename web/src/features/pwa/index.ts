/** Public API of the PWA feature. */
export { PwaBanners } from './PwaBanners';
