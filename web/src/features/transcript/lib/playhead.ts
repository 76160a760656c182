import { useSyncExternalStore } from 'react';

/** Where a page's player is and how to move it: the player reports, the transcript reads and seeks. */
export type Playhead = {
  time: () => number;
  setTime: (seconds: number) => void;
  subscribe: (listener: () => void) => () => void;
  /** Set by the player once it has a video element. */
  seekTo: ((seconds: number) => void) | null;
};

export function createPlayhead(): Playhead {
  let time = 0;
  const listeners = new Set<() => void>();
  return {
    time: () => time,
    setTime: (seconds) => {
      if (seconds === time) return;
      time = seconds;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seekTo: null,
  };
}

export const usePlayheadTime = (playhead: Playhead | null) => useSyncExternalStore(playhead?.subscribe ?? noSubscribe, () => playhead?.time() ?? -1);

const noSubscribe = () => () => undefined;
