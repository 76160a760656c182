import { MAX_MOMENTS_IN_BODY } from '@reelsmith/proto/http';
import type { Moment } from '../types';
import { dropMoment, MIN_MOMENT_SECONDS, roundTime, setEdge, snapToCut, type Edge } from './moments';

/**
 * The editing session of a reel's moments as a pure reducer: move a whole moment, resize one edge,
 * add one from a range, remove one, with undo and redo. Every edit keeps the rules of moments.ts
 * (inside the video, at least a second, in order, no overlap, at least one moment); an edit that
 * cannot keep them leaves the state as it was.
 */

/** Shot boundaries a pointer edit may snap to, and how near (seconds) it must come. */
export type Snap = { cuts: readonly number[]; reach: number };

/**
 * `gesture`: the id of one pointer drag. Edits of the same gesture replace each other in the
 * history, so one undo takes back a whole drag rather than each pixel of it.
 */
export type MomentEdit =
  | { type: 'move'; index: number; start: number; snap?: Snap; gesture?: number }
  | { type: 'resize'; index: number; edge: Edge; to: number; snap?: Snap; gesture?: number }
  | { type: 'add'; from: number; to: number; snap?: Snap }
  | { type: 'remove'; index: number }
  | { type: 'set'; moments: Moment[] }
  | { type: 'undo' }
  | { type: 'redo' };

export type EditState = {
  duration: number;
  moments: Moment[];
  past: Moment[][];
  future: Moment[][];
  gesture: number | null;
};

/** Steps of undo kept (older ones are forgotten). */
export const MAX_HISTORY = 100;
/** What a moment added by hand says about itself. */
export const ADDED_REASON = 'added by you';

export function initEdits(moments: readonly Moment[], duration: number): EditState {
  return { duration, moments: [...moments], past: [], future: [], gesture: null };
}

export const canUndo = (state: EditState) => state.past.length > 0;
export const canRedo = (state: EditState) => state.future.length > 0;

export function momentEditsReducer(state: EditState, edit: MomentEdit): EditState {
  if (edit.type === 'undo') return undo(state);
  if (edit.type === 'redo') return redo(state);
  const next = apply(state.moments, edit, state.duration);
  if (next === state.moments) return state;
  const gesture = 'gesture' in edit && edit.gesture !== undefined ? edit.gesture : null;
  // A later step of the same drag: the history keeps the moments from before the drag.
  if (gesture !== null && gesture === state.gesture) return { ...state, moments: next, future: [] };
  return { ...state, moments: next, past: [...state.past, state.moments].slice(-MAX_HISTORY), future: [], gesture };
}

function undo(state: EditState): EditState {
  if (!canUndo(state)) return state;
  const previous = state.past[state.past.length - 1];
  return { ...state, moments: previous, past: state.past.slice(0, -1), future: [state.moments, ...state.future], gesture: null };
}

function redo(state: EditState): EditState {
  if (!canRedo(state)) return state;
  const [next, ...future] = state.future;
  return { ...state, moments: next, past: [...state.past, state.moments], future, gesture: null };
}

function apply(moments: Moment[], edit: Exclude<MomentEdit, { type: 'undo' | 'redo' }>, duration: number): Moment[] {
  switch (edit.type) {
    case 'move':
      return moveMoment(moments, edit.index, edit.start, duration, edit.snap);
    case 'resize':
      return setEdge(moments, edit.index, edit.edge, snapTime(edit.to, edit.snap), duration);
    case 'add':
      return addMoment(moments, edit.from, edit.to, duration, edit.snap);
    case 'remove':
      return dropMoment(moments, edit.index);
    case 'set':
      return edit.moments;
  }
}

/** Onto a shot boundary within reach; otherwise, for a pointer, to tenths of a second (keys move exactly). */
function snapTime(time: number, snap: Snap | undefined): number {
  if (!snap) return time;
  const snapped = snapToCut(time, snap.cuts, snap.reach);
  return snapped !== time ? snapped : Math.round(time * 10) / 10;
}

/** A block's start when it is dragged: its start or its end onto the nearer boundary within reach. */
function snapBlock(start: number, length: number, snap: Snap | undefined): number {
  if (!snap) return start;
  const byStart = snapToCut(start, snap.cuts, snap.reach) - start;
  const byEnd = snapToCut(start + length, snap.cuts, snap.reach) - (start + length);
  const shifts = [byStart, byEnd].filter((shift) => shift !== 0);
  if (shifts.length === 0) return Math.round(start * 10) / 10;
  return start + shifts.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
}

/** The whole moment to a new start, same length, stopping at its neighbours and the video's ends. */
export function moveMoment(moments: Moment[], index: number, start: number, duration: number, snap?: Snap): Moment[] {
  const moment = moments[index];
  if (!moment || !Number.isFinite(start)) return moments;
  const length = roundTime(moment.end - moment.start);
  const min = moments[index - 1]?.end ?? 0;
  const max = roundTime((moments[index + 1]?.start ?? duration) - length);
  if (max < min) return moments;
  const next = roundTime(Math.min(max, Math.max(min, snapBlock(start, length, snap))));
  if (next === moment.start) return moments;
  return moments.map((m, i) => (i === index ? { ...m, start: next, end: roundTime(next + length) } : m));
}

/**
 * A new moment over the range from `from` (where the drag began) to `to`, in either order, cut
 * to the free stretch `from` lies in. Refused when `from` is inside a moment, when what is left is
 * shorter than a second, or when the reel already has as many moments as the API takes.
 */
export function addMoment(moments: Moment[], from: number, to: number, duration: number, snap?: Snap): Moment[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || moments.length >= MAX_MOMENTS_IN_BODY) return moments;
  if (moments.some((m) => from > m.start && from < m.end)) return moments;
  const after = moments.findIndex((m) => m.start >= from);
  const at = after === -1 ? moments.length : after;
  const gap = { min: moments[at - 1]?.end ?? 0, max: moments[at]?.start ?? duration };
  const clamp = (t: number) => roundTime(Math.min(gap.max, Math.max(gap.min, snapTime(t, snap))));
  const start = clamp(Math.min(from, to));
  const end = clamp(Math.max(from, to));
  if (end - start < MIN_MOMENT_SECONDS) return moments;
  const added: Moment = { start, end, score: 0, reasons: [ADDED_REASON] };
  return [...moments.slice(0, at), added, ...moments.slice(at)];
}

/** Whether a key press asks to undo (Ctrl/Cmd+Z) or redo (Ctrl/Cmd+Shift+Z, Ctrl+Y); null otherwise. */
export function undoKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
