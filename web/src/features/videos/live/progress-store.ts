import type { VideoProgress } from '../types';

/**
 * Latest live progress per video, for this tab, and the state of the live connection.
 * Kept for every video the stream mentions, even before this tab knows the video: the worker
 * may report progress before complete-upload has answered.
 */

export type LiveConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export type LiveProgress = VideoProgress & {
  /** When it arrived (ms since epoch). */
  at: number;
  /** The last pipeline stage seen before a failure (which step failed). */
  lastActiveStage?: string;
};

type Listener = () => void;

const progress = new Map<string, LiveProgress>();
const listeners = new Set<Listener>();
let connection: LiveConnectionState = 'idle';

function emit() {
  listeners.forEach((listener) => listener());
}

export const progressStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(videoId: string | null | undefined): LiveProgress | undefined {
    return videoId ? progress.get(videoId) : undefined;
  },
  set(update: VideoProgress, at: number = Date.now()): LiveProgress {
    const previous = progress.get(update.videoId);
    const failed = update.status === 'error' || update.stage === 'failed';
    const lastActiveStage = failed ? (previous?.lastActiveStage ?? previous?.stage) : update.stage;
    const next: LiveProgress = { ...update, at, lastActiveStage };
    progress.set(update.videoId, next);
    emit();
    return next;
  },
  delete(videoId: string): void {
    if (progress.delete(videoId)) emit();
  },
  clear(): void {
    progress.clear();
    emit();
  },
  connection(): LiveConnectionState {
    return connection;
  },
  setConnection(state: LiveConnectionState): void {
    if (state === connection) return;
    connection = state;
    emit();
  },
};
