import { expect, it } from 'vitest';
import { pdfBytes, pdfFonts, pdfText } from '../test/pdf-text.ts';
import { exportLocale } from './format.ts';
import { createPdf, finishPdf, writeFields, writeTitle } from './pdf-layout.ts';

it('keeps the letters of two documents written in turns apart (one parsed font, a subset each)', async () => {
  const l = exportLocale('fr');
  const a = createPdf(l, 'Łucja Wróblewska', 'A');
  const b = createPdf(l, 'Čedomir Šarić', 'B');
  const pdfs = [pdfBytes(a), pdfBytes(b)];
  writeTitle(a, 'Łucja Wróblewska-Łęcka', 'Ósma klasa');
  writeTitle(b, 'Čedomir Šarić-Đokić', 'Žuta grupa');
  writeFields(a, [['Źródło', 'Gdańsk, Łódź']]);
  writeFields(b, [['Država', 'Niš, Čačak']]);
  finishPdf(b, l, 'Dokument B');
  finishPdf(a, l, 'Dokument A');
  const [textA, textB] = await Promise.all((await Promise.all(pdfs)).map(pdfText));
  for (const expected of ['Łucja Wróblewska-Łęcka', 'Ósma klasa', 'Źródło', 'Gdańsk, Łódź'])
    expect(textA).toContain(expected);
  for (const expected of ['Čedomir Šarić-Đokić', 'Žuta grupa', 'Država', 'Niš, Čačak'])
    expect(textB).toContain(expected);
  expect(textA).not.toMatch(/[ČŠĐŽčšđž]/);
  expect(textB).not.toMatch(/[ŁŹŚÓłźśóęń]/);
  for (const pdf of await Promise.all(pdfs))
    for (const font of pdfFonts(pdf)) expect(font).toMatch(/^\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
});
