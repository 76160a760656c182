/** Public API of the demo feature (its page loads lazily from app/router.tsx). */
export { SampleReel } from './components/SampleReel';
