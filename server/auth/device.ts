/** What a person recognises a session's device by: its browser and its system, when known. */
export interface Device {
  browser: string | null;
  system: string | null;
}

// the order matters: Edge and Opera name Chrome too, Chrome names Safari
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The browser and system a User-Agent header names ("Firefox", "Android"); null when unknown. */
export const deviceOf = (userAgent: string | null): Device => ({
  browser: userAgent ? first(BROWSERS, userAgent) : null,
  system: userAgent ? first(SYSTEMS, userAgent) : null,
});
