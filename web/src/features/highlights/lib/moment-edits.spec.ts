import { MAX_MOMENTS_IN_BODY } from '@reelsmith/proto/http';
import type { Moment } from '../types';
import { ADDED_REASON, canRedo, canUndo, type EditState, initEdits, MAX_HISTORY, type MomentEdit, momentEditsReducer, undoKey } from './moment-edits';

const m = (start: number, end: number): Moment => ({ start, end, score: 0.5, reasons: ['speech'] });
const DURATION = 40;
const three = [m(2, 5), m(10, 14), m(20, 26)];
const snap = { cuts: [8, 17.5, 30], reach: 0.5 };

const run = (edits: MomentEdit[], state: EditState = initEdits(three, DURATION)) => edits.reduce(momentEditsReducer, state);
const times = (state: EditState) => state.moments.map((x) => [x.start, x.end]);

describe('moving a moment', () => {
  it('moves the whole block and keeps its length', () => {
    expect(times(run([{ type: 'move', index: 1, start: 11.5 }]))).toEqual([
      [2, 5],
      [11.5, 15.5],
      [20, 26],
    ]);
  });

  it('stops at its neighbours and at the ends of the video', () => {
    expect(times(run([{ type: 'move', index: 1, start: 0 }]))[1]).toEqual([5, 9]);
    expect(times(run([{ type: 'move', index: 1, start: 30 }]))[1]).toEqual([16, 20]);
    expect(times(run([{ type: 'move', index: 2, start: 39 }]))[2]).toEqual([34, 40]);
    expect(times(run([{ type: 'move', index: 0, start: -3 }]))[0]).toEqual([0, 3]);
  });

  it('snaps its start or its end, whichever is nearer, onto a shot boundary within reach', () => {
    // Start 8.3 is 0.3 from the cut at 8: the block starts on it.
    expect(times(run([{ type: 'move', index: 1, start: 8.3, snap }]))[1]).toEqual([8, 12]);
    // End 17.2 is 0.3 from the cut at 17.5: the block ends on it.
    expect(times(run([{ type: 'move', index: 1, start: 13.2, snap }]))[1]).toEqual([13.5, 17.5]);
    // Nothing in reach: tenths of a second.
    expect(times(run([{ type: 'move', index: 1, start: 12.34, snap }]))[1]).toEqual([12.3, 16.3]);
  });

  it('changes nothing (the same state) when it cannot move', () => {
    const packed = initEdits([m(0, 5), m(5, 10)], 10);
    expect(run([{ type: 'move', index: 0, start: 3 }], packed)).toBe(packed);
    expect(run([{ type: 'move', index: 7, start: 3 }], packed)).toBe(packed);
  });
});

describe('resizing a moment', () => {
  it('moves one edge, held to at least a second and away from its neighbours', () => {
    expect(times(run([{ type: 'resize', index: 1, edge: 'end', to: 16 }]))[1]).toEqual([10, 16]);
    expect(times(run([{ type: 'resize', index: 1, edge: 'end', to: 10.2 }]))[1]).toEqual([10, 11]);
    expect(times(run([{ type: 'resize', index: 1, edge: 'start', to: 1 }]))[1]).toEqual([5, 14]);
    expect(times(run([{ type: 'resize', index: 1, edge: 'end', to: 99 }]))[1]).toEqual([10, 20]);
  });

  it('snaps a dragged edge onto a shot boundary within reach', () => {
    expect(times(run([{ type: 'resize', index: 1, edge: 'end', to: 17.2, snap }]))[1]).toEqual([10, 17.5]);
    expect(times(run([{ type: 'resize', index: 1, edge: 'start', to: 8.4, snap }]))[1]).toEqual([8, 14]);
    expect(times(run([{ type: 'resize', index: 1, edge: 'end', to: 16.04, snap }]))[1]).toEqual([10, 16]);
  });
});

describe('adding a moment', () => {
  it('adds the selected range in order, whichever way it was dragged', () => {
    const state = run([{ type: 'add', from: 33, to: 30.5 }]);
    expect(times(state)).toEqual([
      [2, 5],
      [10, 14],
      [20, 26],
      [30.5, 33],
    ]);
    expect(state.moments[3]).toEqual({ start: 30.5, end: 33, score: 0, reasons: [ADDED_REASON] });
    expect(times(run([{ type: 'add', from: 6, to: 8 }]))[1]).toEqual([6, 8]);
  });

  it('is cut to the free stretch where the drag began, and snaps its ends', () => {
    expect(times(run([{ type: 'add', from: 15, to: 35 }]))[2]).toEqual([15, 20]);
    expect(times(run([{ type: 'add', from: 6, to: 8.3, snap }]))[1]).toEqual([6, 8]);
  });

  it('is refused inside a moment, shorter than a second, or past the API’s number of moments', () => {
    const state = initEdits(three, DURATION);
    expect(run([{ type: 'add', from: 11, to: 16 }], state)).toBe(state);
    expect(run([{ type: 'add', from: 6, to: 6.5 }], state)).toBe(state);
    expect(run([{ type: 'add', from: 14.5, to: 5 }], state)).toBe(state);
    const full = initEdits(
      Array.from({ length: MAX_MOMENTS_IN_BODY }, (_, i) => m(i * 2, i * 2 + 1)),
      1000,
    );
    expect(run([{ type: 'add', from: 500, to: 510 }], full)).toBe(full);
  });
});

describe('removing a moment', () => {
  it('removes it, but never the last one', () => {
    expect(times(run([{ type: 'remove', index: 0 }]))).toEqual([
      [10, 14],
      [20, 26],
    ]);
    const one = initEdits([m(1, 3)], DURATION);
    expect(run([{ type: 'remove', index: 0 }], one)).toBe(one);
  });
});

describe('undo and redo', () => {
  it('takes back each edit in turn and puts it back again', () => {
    const edited = run([
      { type: 'remove', index: 0 },
      { type: 'move', index: 0, start: 6 },
    ]);
    expect(canUndo(edited)).toBe(true);
    const once = momentEditsReducer(edited, { type: 'undo' });
    expect(times(once)).toEqual([
      [10, 14],
      [20, 26],
    ]);
    const twice = momentEditsReducer(once, { type: 'undo' });
    expect(twice.moments).toEqual(three);
    expect(canUndo(twice)).toBe(false);
    expect(momentEditsReducer(twice, { type: 'undo' })).toBe(twice);
    const again = run([{ type: 'redo' }, { type: 'redo' }], twice);
    expect(again.moments).toEqual(edited.moments);
    expect(canRedo(again)).toBe(false);
  });

  it('forgets what could be redone once a new edit is made', () => {
    const state = run([{ type: 'remove', index: 0 }, { type: 'undo' }, { type: 'move', index: 1, start: 11 }]);
    expect(canRedo(state)).toBe(false);
  });

  it('takes back a whole drag at once: edits of one gesture are one step', () => {
    const dragged = run([
      { type: 'move', index: 1, start: 10.5, gesture: 1 },
      { type: 'move', index: 1, start: 11, gesture: 1 },
      { type: 'move', index: 1, start: 12, gesture: 1 },
      { type: 'resize', index: 1, edge: 'end', to: 17, gesture: 2 },
    ]);
    expect(times(dragged)[1]).toEqual([12, 17]);
    expect(dragged.past).toHaveLength(2);
    expect(times(momentEditsReducer(dragged, { type: 'undo' }))[1]).toEqual([12, 16]);
    expect(run([{ type: 'undo' }, { type: 'undo' }], dragged).moments).toEqual(three);
  });

  it('keeps at most MAX_HISTORY steps', () => {
    let state = initEdits(three, DURATION);
    for (let i = 0; i < MAX_HISTORY + 20; i++) state = momentEditsReducer(state, { type: 'move', index: 2, start: i % 2 === 0 ? 21 : 20 });
    expect(state.past).toHaveLength(MAX_HISTORY);
  });

  it('a set (Reset, the list’s buttons) is an edit that can be undone', () => {
    const state = run([{ type: 'set', moments: [m(1, 2)] }, { type: 'undo' }]);
    expect(state.moments).toEqual(three);
  });
});

describe('undoKey', () => {
  const key = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
    undoKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('reads Ctrl/Cmd+Z as undo and Ctrl/Cmd+Shift+Z or Ctrl+Y as redo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
