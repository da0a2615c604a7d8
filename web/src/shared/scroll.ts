import { SCROLL_ANIMATION_MS } from '../../../domain/constants.ts';

/** Scrolls to a height in 300 ms (spec section 9), at once for people who ask for less motion. */
export function scrollToTop(top = 0, duration = SCROLL_ANIMATION_MS): void {
  const start = window.scrollY;
  if (start === top) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, top);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / duration);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, start + (top - start) * eased);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
