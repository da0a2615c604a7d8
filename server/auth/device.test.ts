import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('deviceOf', () => {
  it('names the browser and system of common devices', () => {
    expect(deviceOf(UA.chromeAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(deviceOf(UA.safariIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(deviceOf(UA.edgeWindows)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(deviceOf(UA.firefoxMac)).toEqual({ browser: 'Firefox', system: 'macOS' });
    expect(deviceOf(UA.firefoxLinux)).toEqual({ browser: 'Firefox', system: 'Linux' });
  });

  it('says nothing it does not know', () => {
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
