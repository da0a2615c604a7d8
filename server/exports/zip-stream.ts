import { crc32 } from 'node:zlib';

/** One file of a ZIP: its name inside the archive and its bytes. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
/** bit 11: names are UTF-8 ("Müller Zoë.pdf" reads the same on every system) */
const UTF8_NAMES = 0x0800;
const STORED = 0;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** The MS-DOS time and date of `date` (local fields, as unzip tools show them). */
function dosDateTime(date: Date): [time: number, day: number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

/** The fields both headers of an entry share, in the same order, written from `at`. */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: Written,
  [time, day]: [number, number],
) {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(STORED, at + 2);
  header.writeUInt16LE(time, at + 4);
  header.writeUInt16LE(day, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.size, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}

function localHeader(entry: Written, stamp: [number, number]): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  writeEntryFields(header, 6, entry, stamp);
  return Buffer.concat([header, entry.name]);
}

/** Its central directory record; an offset beyond 4 GB goes in a ZIP64 extra field. */
function centralHeader(entry: Written, stamp: [number, number]): Buffer {
  const far = entry.offset > MAX_32;
  const extra = Buffer.alloc(far ? 12 : 0);
  if (far) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(entry.offset), 4);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(far ? 45 : 20, 4);
  header.writeUInt16LE(far ? 45 : 20, 6);
  writeEntryFields(header, 8, entry, stamp);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE(far ? MAX_32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

/** The end records: ZIP64 ones first when the count or the offsets outgrow the classic fields. */
function endRecords(count: number, directorySize: number, directoryOffset: number): Buffer {
  const zip64 = count > MAX_16 || directoryOffset > MAX_32 || directorySize > MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX_32 : directorySize, 12);
  end.writeUInt32LE(zip64 ? MAX_32 : directoryOffset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/**
 * A ZIP archive written as its entries arrive, never whole in memory: each entry is stored as it
 * is (PDFs and spreadsheets are compressed already) behind a header that gives its size, so a
 * reader of the stream can count the entries received (the web app's progress). ZIP64 records
 * are added only when the archive outgrows 65,535 entries or 4 GB.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry>,
  modified = new Date(),
): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(modified);
  const written: Written[] = [];
  let offset = 0;
  for await (const { name, data } of entries) {
    const entry = { name: Buffer.from(name), crc: crc32(data), size: data.length, offset };
    const header = localHeader(entry, stamp);
    written.push(entry);
    offset += header.length + data.length;
    yield header;
    yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
  const directory = Buffer.concat(written.map((entry) => centralHeader(entry, stamp)));
  yield directory;
  yield endRecords(written.length, directory.length, offset);
}
