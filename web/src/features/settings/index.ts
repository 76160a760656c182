export { ReadyEmailPrompt } from './components/ReadyEmailPrompt';
