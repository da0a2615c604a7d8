const LOCAL_HEADER = 0x04034b50;
const HEADER_SIZE = 30;

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/**
 * Follows a ZIP as its bytes arrive and names each entry once it is whole: the server writes
 * every entry's size in its local header (server/exports/zip-stream.ts), so the entries can be
 * counted without waiting for the end of the archive.
 */
export class ZipProgress {
  /** the entries received whole, in the archive's order */
  readonly names: string[] = [];
  /** the bytes of the local header being read */
  private header = new Uint8Array(0);
  /** the bytes of the current entry's data still to come */
  private remaining = 0;
  private current = '';
  /** past the last entry (the central directory has begun) */
  private done = false;

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && !this.done) {
      if (this.remaining > 0) {
        const taken = Math.min(this.remaining, chunk.length - at);
        this.remaining -= taken;
        at += taken;
        if (this.remaining === 0) this.names.push(this.current);
      } else {
        at += this.readHeader(chunk.subarray(at));
      }
    }
  }

  /** Takes what it needs of `bytes` for the next local header; answers how much it took. */
  private readHeader(bytes: Uint8Array): number {
    const known = this.header.length;
    const wanted = known < HEADER_SIZE ? HEADER_SIZE : this.headerSize();
    const taken = Math.min(wanted - known, bytes.length);
    const header = new Uint8Array(known + taken);
    header.set(this.header);
    header.set(bytes.subarray(0, taken), known);
    this.header = header;
    if (header.length >= 4 && u32(header, 0) !== LOCAL_HEADER) this.done = true;
    else if (header.length === this.headerSize()) this.openEntry();
    return taken;
  }

  private headerSize(): number {
    if (this.header.length < HEADER_SIZE) return HEADER_SIZE;
    return HEADER_SIZE + u16(this.header, 26) + u16(this.header, 28);
  }

  private openEntry(): void {
    const nameLength = u16(this.header, 26);
    this.current = new TextDecoder().decode(
      this.header.subarray(HEADER_SIZE, HEADER_SIZE + nameLength),
    );
    this.remaining = u32(this.header, 22);
    this.header = new Uint8Array(0);
    if (this.remaining === 0) this.names.push(this.current);
  }
}
