import { TOAST_DURATION_MS } from '../../../domain/constants.ts';

const TOAST_TYPES = ['info', 'success', 'error', 'warning'] as const;
type ToastType = (typeof TOAST_TYPES)[number];

/** What a caller may pass: a plain string is the description (spec section 3). */
export type ToastInput =
  string | { description: string; title?: string; duration?: number; type?: ToastType };

export interface Toast {
  id: number;
  description: string;
  title?: string;
  duration: number;
  type: ToastType;
  /** Radix announcement: errors and warnings interrupt (foreground), the others wait (background) */
  sensitivity: 'foreground' | 'background';
}

let lastId = 0;

export function normalizeToast(input: ToastInput): Toast {
  const fields = typeof input === 'string' ? { description: input } : input;
  const type = fields.type ?? 'info';
  if (!TOAST_TYPES.includes(type)) throw new Error(`Unknown toast type: ${String(type)}`);
  const duration = fields.duration ?? TOAST_DURATION_MS;
  if (!(duration > 0)) throw new Error('A toast duration must be positive');
  return {
    id: ++lastId,
    description: fields.description,
    ...(fields.title ? { title: fields.title } : {}),
    duration,
    type,
    sensitivity: type === 'error' || type === 'warning' ? 'foreground' : 'background',
  };
}

/** The provider's announcement label must not be empty (spec section 5). */
export function checkLabel(label: string): string {
  if (typeof label !== 'string' || label.trim() === '')
    throw new Error('The toast provider needs a non-empty label');
  return label;
}

export function checkSensitivity(value: string): 'foreground' | 'background' {
  if (value !== 'foreground' && value !== 'background')
    throw new Error(`A toast type must be foreground or background, not ${value}`);
  return value;
}

/** 'Notifications ({hotkey})' with the hotkey filled in. */
export const viewportLabel = (template: string, hotkey: readonly string[]): string =>
  template.replace('{hotkey}', hotkey.join('+'));

type Listener = (toasts: readonly Toast[]) => void;

/** The open toasts; a toast is open when added and leaves when closed. */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toasts));
  return {
    add(input: ToastInput): Toast {
      const toast = normalizeToast(input);
      toasts = [...toasts, toast];
      emit();
      return toast;
    },
    close(id: number) {
      toasts = toasts.filter((toast) => toast.id !== id);
      emit();
    },
    get: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
