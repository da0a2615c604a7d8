import { useLayoutEffect } from 'react';

/**
 * Takes away index.html's start screen (its logo, the product and "loading" in the visitor's
 * language), which a slow network shows from the page's first bytes until the app's code has
 * come. Called by the first thing the router renders, the page or its error, in a layout effect:
 * the screen goes in the same frame as the page comes, never leaving a blank frame between them.
 */
export function useStartScreenGone(): void {
  useLayoutEffect(() => removeStartScreen(), []);
}

/** Removes the start screen (also when the app fails to start, so it does not load for ever). */
export function removeStartScreen(): void {
  document.getElementById('start-screen')?.remove();
}
