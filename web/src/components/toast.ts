import { createToastStore } from './toast-rules.ts';

/** The app's toasts: `toast('Saved')` or `toast({description, title, type, duration})`. */
export const toasts = createToastStore();
export const toast = toasts.add;
