import { useSyncExternalStore } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from '../shared/i18n.ts';
import {
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_DURATION_MS,
} from '../../../domain/constants.ts';
import { toasts } from './toast.ts';
import { checkLabel, checkSensitivity, type Toast } from './toast-rules.ts';

const HOTKEY = [TOAST_HOTKEY];

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  return (
    <RadixToast.Root
      className="toast"
      type={checkSensitivity(item.sensitivity)}
      duration={item.duration}
      data-toast-type={item.type}
      style={{ borderLeft: `6px solid var(--mui-palette-tone-${item.type})` }}
      onOpenChange={(open) => {
        if (!open) toasts.close(item.id);
      }}
    >
      {item.title && <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>}
      <RadixToast.Description>{item.description}</RadixToast.Description>
      <RadixToast.Close className="toast-close" aria-label={t('toast.close')}>
        ×
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/**
 * Radix's toast as spec sections 4 and 9 say: F8 reaches the viewport, 5000 ms, swipe right past
 * 50 px, Escape closes, and the timer pauses on pointer, focus or a window without focus.
 */
export default function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(toasts.subscribe, toasts.get);
  return (
    <RadixToast.Provider
      label={checkLabel(t('toast.label'))}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={HOTKEY} label={t('toast.viewport')} />
    </RadixToast.Provider>
  );
}
