import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { LOCALE_REGIONS } from '../../domain/constants.ts';
import { PRODUCT_NAME, type ExportLocale } from './format.ts';

/**
 * The shared frame of the PDF exports: A4, DejaVu Sans (names print as typed: "Čolić",
 * "Łukasz", "Şahin"…), the product header, label/value rows, page breaks that keep headings with
 * what follows, and "Page x / y" with the document's name on every page.
 */

const MARGIN = 50;
const FOOTER_GAP = 30;
/** The fonts of the documents, named after their files in the `dejavu-fonts-ttf` package. */
export const FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  italic: 'DejaVuSans-Oblique',
};
const require = createRequire(import.meta.url);

/**
 * Their files, read and parsed once at start (a missing or broken one stops it). pdfkit (0.20)
 * takes a parsed fontkit font as it is, where a file would be parsed again for every document
 * (~150 ms of a busy event loop per PDF). The parsed font is only read: each document keeps its
 * own subset, the glyphs it prints, and embeds that.
 */
function parseFont(name: string): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`)));
  if (!('layout' in font)) throw new Error(`${name}.ttf holds a collection, not one font`);
  // @types/pdfkit lists only file sources; pdfkit 0.20 accepts a fontkit font too (its changelog)
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}
const FONTS = Object.values(FONT).map((name) => [name, parseFont(name)] as const);
export const GREY = '#555555';
const LIGHT = '#e8eaf0';
export const INK = '#1a1a1a';

export type Pdf = PDFKit.PDFDocument;

export function createPdf(l: ExportLocale, title: string, subject: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP },
    bufferPages: true,
    lang: LOCALE_REGIONS[l.locale],
    displayTitle: true,
    info: { Title: title, Subject: subject, Creator: PRODUCT_NAME, Producer: PRODUCT_NAME },
    // no default font: pdfkit would parse its Helvetica metrics for every document, never used
    font: '',
  });
  for (const [name, font] of FONTS) doc.registerFont(name, font);
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
  return doc;
}

export const contentWidth = (doc: Pdf) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** A new page when `height` points do not fit below the cursor any more. */
export function keepSpace(doc: Pdf, height: number) {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

/** The product name, the document's title and a line under them. */
export function writeTitle(doc: Pdf, title: string, subtitle: string) {
  const x = doc.page.margins.left;
  doc.font(FONT.bold).fontSize(10).fillColor(GREY).text(PRODUCT_NAME, x, doc.y);
  doc.moveDown(0.3);
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(INK)
    .text(title, { width: contentWidth(doc) });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(GREY)
    .text(subtitle, { width: contentWidth(doc) });
  doc.moveDown(0.4);
  const y = doc.y;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.moveDown(0.8);
  doc.fillColor(INK);
}

/** Label/value rows (the label in bold in a narrow column); rows without a value are left out. */
export function writeFields(doc: Pdf, rows: [label: string, value: string | null][]) {
  const x = doc.page.margins.left;
  const labelWidth = 130;
  const valueWidth = contentWidth(doc) - labelWidth - 10;
  doc.fontSize(10);
  for (const [label, value] of rows) {
    if (!value) continue;
    doc.font(FONT.regular);
    const height = Math.max(
      doc.heightOfString(value, { width: valueWidth }),
      doc.font(FONT.bold).heightOfString(label, { width: labelWidth }),
    );
    keepSpace(doc, height);
    const y = doc.y;
    doc.font(FONT.bold).fillColor(GREY).text(label, x, y, { width: labelWidth });
    doc
      .font(FONT.regular)
      .fillColor(INK)
      .text(value, x + labelWidth + 10, y, { width: valueWidth });
    doc.x = x;
    doc.y = y + height + 4;
  }
  doc.moveDown(0.6);
}

/**
 * A section heading on a light band (with a colour bar when given), kept on the same page as the
 * `keepWith` points after it.
 */
export function writeBand(
  doc: Pdf,
  text: string,
  options: { right?: string; indent?: number; keepWith?: number; color?: string | null } = {},
) {
  const indent = options.indent ?? 0;
  const x = doc.page.margins.left + indent;
  const width = contentWidth(doc) - indent;
  const rightWidth = options.right ? 130 : 0;
  doc.font(FONT.bold).fontSize(11.5);
  const textHeight = doc.heightOfString(text, { width: width - rightWidth - 16 });
  const height = textHeight + 10;
  keepSpace(doc, height + (options.keepWith ?? 0));
  const y = doc.y;
  doc.rect(x, y, width, height).fill(LIGHT);
  // a block's reference colour as a bar on the left, as in the web (validated #RRGGBB)
  if (options.color && /^#[0-9a-f]{6}$/i.test(options.color))
    doc.rect(x, y, 4, height).fill(options.color);
  doc.fillColor(INK).text(text, x + 10, y + 5, { width: width - rightWidth - 16 });
  if (options.right)
    doc.text(options.right, x + width - rightWidth - 6, y + 5, {
      width: rightWidth,
      align: 'right',
    });
  doc.x = doc.page.margins.left;
  doc.y = y + height + 6;
  doc.font(FONT.regular).fontSize(10);
}

/** "Page x / y" on the right and the document's name on the left of every page; then ends it. */
export function finishPdf(doc: Pdf, l: ExportLocale, footer: string): Pdf {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the frame must not open a new page
    const x = doc.page.margins.left;
    const y = doc.page.height - MARGIN;
    const width = contentWidth(doc);
    doc
      .moveTo(x, y - 6)
      .lineTo(x + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(GREY)
      .stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(GREY);
    doc.text(footer, x, y, { width: width - 90, lineBreak: false, ellipsis: true });
    doc.text(l.t('exportPage', [index + 1, count]), x + width - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return doc;
}
