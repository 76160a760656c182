/** Public API of the music feature. */
export { useMusicTracks } from './api/music-tracks';
export { MusicLibraryPanel } from './components/MusicLibraryPanel';
export { useSelectedMusic } from './selected-music';
