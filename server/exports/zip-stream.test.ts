import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip-stream.ts';

async function* fromList(entries: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* entries;
}

async function zipOf(entries: ZipEntry[]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(fromList(entries))) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

const text = (name: string, content: string): ZipEntry => ({
  name,
  data: new TextEncoder().encode(content),
});

describe('zipStream', () => {
  it('writes an archive every unzip tool reads back, names in UTF-8', async () => {
    const zip = await zipOf([
      text('Müller-Bérard Zoë.pdf', '%PDF-1.7 one'),
      text('Čolić Ana.xlsx', 'PK spreadsheet'),
      text('empty.txt', ''),
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['Müller-Bérard Zoë.pdf', 'Čolić Ana.xlsx', 'empty.txt']);
    expect(strFromU8(files['Müller-Bérard Zoë.pdf']!)).toBe('%PDF-1.7 one');
    expect(strFromU8(files['Čolić Ana.xlsx']!)).toBe('PK spreadsheet');
    expect(files['empty.txt']).toHaveLength(0);
  });

  it('gives each entry its size in its local header, so a stream reader can count entries', async () => {
    const zip = Buffer.from(await zipOf([text('a.pdf', '12345'), text('b.pdf', '1234567')]));
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(18)).toBe(5);
    const second = 30 + 'a.pdf'.length + 5;
    expect(zip.readUInt32LE(second)).toBe(0x04034b50);
    expect(zip.readUInt32LE(second + 18)).toBe(7);
  });

  it('an empty archive is still a valid ZIP', async () => {
    expect(unzipSync(await zipOf([]))).toEqual({});
  });

  it('is produced as it is read: nothing is asked of the entries before the reader wants it', async () => {
    let asked = 0;
    async function* counted(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 100; i += 1) {
        asked += 1;
        yield text(`${i}.pdf`, 'x'.repeat(1000));
      }
    }
    const stream = Readable.from(zipStream(counted()), { highWaterMark: 1 });
    for await (const chunk of stream) {
      void chunk;
      break;
    }
    expect(asked).toBeLessThan(5);
  });

  it('switches to ZIP64 beyond 65,535 entries', async () => {
    const entries = Array.from({ length: 70_000 }, (_, i) => text(`${i}.txt`, ''));
    const zip = await zipOf(entries);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toHaveLength(70_000);
    expect(files['69999.txt']).toHaveLength(0);
    const tail = Buffer.from(zip.subarray(zip.length - 22 - 20));
    expect(tail.readUInt32LE(0)).toBe(0x07064b50);
  });
});
