import { describe, expect, it } from 'vitest';
import {
  checkLabel,
  checkSensitivity,
  createToastStore,
  normalizeToast,
  viewportLabel,
} from './toast-rules.ts';

describe('a toast', () => {
  it('takes a plain string as its description, info for 5000 ms', () => {
    expect(normalizeToast('Saved')).toMatchObject({
      description: 'Saved',
      type: 'info',
      duration: 5000,
      sensitivity: 'background',
    });
  });
  it('keeps title, type and duration', () => {
    const toast = normalizeToast({ description: 'd', title: 't', type: 'error', duration: 800 });
    expect(toast).toMatchObject({
      title: 't',
      type: 'error',
      duration: 800,
      sensitivity: 'foreground',
    });
  });
  it.each(['info', 'success', 'error', 'warning'] as const)('accepts type %s', (type) =>
    expect(normalizeToast({ description: 'x', type }).type).toBe(type),
  );
  it('refuses an unknown type', () => {
    expect(() => normalizeToast({ description: 'x', type: 'fatal' as 'info' })).toThrow();
  });
});

describe('the provider', () => {
  it('refuses an empty label', () => {
    expect(() => checkLabel('')).toThrow();
    expect(() => checkLabel('  ')).toThrow();
    expect(checkLabel('Notification')).toBe('Notification');
  });
  it('only knows foreground and background', () => {
    expect(checkSensitivity('foreground')).toBe('foreground');
    expect(() => checkSensitivity('middle')).toThrow();
  });
  it('labels the viewport with its hotkey', () => {
    expect(viewportLabel('Notifications ({hotkey})', ['F8'])).toBe('Notifications (F8)');
  });
});

it('opens a toast when added and drops it when closed', () => {
  const store = createToastStore();
  const seen: number[] = [];
  store.subscribe((toasts) => seen.push(toasts.length));
  const first = store.add('one');
  store.add({ description: 'two', type: 'success' });
  store.close(first.id);
  expect(seen).toEqual([1, 2, 1]);
  expect(store.get().map((t) => t.description)).toEqual(['two']);
});
