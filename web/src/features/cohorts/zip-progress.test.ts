import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipProgress } from './zip-progress.ts';

const zip = zipSync(
  {
    'Albrecht Léa.pdf': strToU8('%PDF-'.padEnd(3000, 'x')),
    'empty.txt': new Uint8Array(0),
    'Čolić Ana.xlsx': strToU8('PK'.padEnd(700, 'y')),
  },
  { level: 0 },
);

/** The archive cut into chunks of `size` bytes, as a network would hand it over. */
function fed(size: number): ZipProgress {
  const progress = new ZipProgress();
  for (let at = 0; at < zip.length; at += size) progress.push(zip.subarray(at, at + size));
  return progress;
}

describe('ZipProgress', () => {
  it('names every entry of the archive, however the bytes are cut', () => {
    for (const size of [1, 3, 29, 30, 31, 512, zip.length]) {
      expect(fed(size).names, `chunks of ${size}`).toEqual([
        'Albrecht Léa.pdf',
        'empty.txt',
        'Čolić Ana.xlsx',
      ]);
    }
  });

  it('counts an entry only once all of its bytes have arrived', () => {
    const progress = new ZipProgress();
    progress.push(zip.subarray(0, 2000));
    expect(progress.names).toEqual([]);
    progress.push(zip.subarray(2000, 3100));
    expect(progress.names).toEqual(['Albrecht Léa.pdf', 'empty.txt']);
  });
});
