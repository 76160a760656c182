import { TOAST_LIMIT } from '../../config/constants';
import { reducer, type ToasterToast, type ToastState } from './use-toast';

const make = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({ id, open: true, title: `t${id}`, ...extra });

describe('toast reducer', () => {
  it('keeps one toast at a time: the newest replaces the previous one', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state: ToastState = { toasts: [] };
    state = reducer(state, { type: 'ADD_TOAST', toast: make('1') });
    state = reducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id and leaves others untouched', () => {
    const state = reducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'changed' } });
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'changed', open: true });
    const other = reducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '9', title: 'x' } });
    expect(other.toasts[0].title).toBe('t1');
  });

  it('dismissing closes the toast but keeps it until it is removed', () => {
    const state = reducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0].open).toBe(false);
  });

  it('dismissing without an id closes every toast', () => {
    const state = reducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST' });
    expect(state.toasts.every((t) => t.open === false)).toBe(true);
  });

  it('removes one toast by id, or all without an id', () => {
    expect(reducer({ toasts: [make('1'), make('2')] }, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id)).toEqual(['2']);
    expect(reducer({ toasts: [make('1'), make('2')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('does not mutate the previous state', () => {
    const before: ToastState = { toasts: [make('1')] };
    reducer(before, { type: 'ADD_TOAST', toast: make('2') });
    reducer(before, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(before.toasts).toEqual([make('1')]);
  });
});
