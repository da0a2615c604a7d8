import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Pdf } from '../exports/pdf-layout.ts';

/** The title and the text of every page, as a reader copying it out of the PDF would get it. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { title, pages } = await pdfPages(data);
  return `${title}\n${pages.join('\n')}`;
}

/** The title, and the text of each page apart. */
export async function pdfPages(data: Uint8Array): Promise<{ title: string; pages: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(data) }).promise;
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join(''),
    );
  }
  await doc.destroy();
  const clean = (text: string) => text.replace(/[ \t\u00a0]+/g, ' ');
  return { title: clean(String(info.Title)), pages: pages.map(clean) };
}

/** The fonts a PDF names (`/BaseFont /ABCDEF+DejaVuSans`…). */
export const pdfFonts = (data: Uint8Array) =>
  Buffer.from(data)
    .toString('latin1')
    .match(/\/BaseFont \/\S+/g) ?? [];

/** The bytes of a PDF being written, once it has ended. */
export const pdfBytes = (doc: Pdf) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
