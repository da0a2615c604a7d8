/**
 * Starts loading code a page will likely need (a dialog's, once the page is on screen), so using
 * it does not wait on the network. A failure here is silent: the code is asked again where it is
 * rendered, and a failure there reaches the route's error boundary, which reloads once.
 */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => {});
}
