/**
 * Debian's Chromium as the tests and the paint benchmark launch it: Playwright's own browser
 * download needs a network the machines do not have, and a sandbox they cannot give.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
