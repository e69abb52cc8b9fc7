import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { FontSet, shownText } from '../../lib/pdf-fonts.js';
import type { CertificateWithNames } from './gradebook.repository.js';

/** Draws one certificate: title, the learner's name, the course, the total, the date (ISO, UTC) and the verification code. Never throws on a name's script. */
export async function drawCertificate(row: Pick<CertificateWithNames, 'userName' | 'courseTitle' | 'total' | 'issuedAt' | 'code'>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate — ${row.courseTitle}`);
  pdf.setProducer('Atrium');
  const page = pdf.addPage([842, 595]);
  const fonts = new FontSet(pdf);
  const ink = rgb(0.11, 0.16, 0.27);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: rgb(0.18, 0.36, 0.64), borderWidth: 3 });
  const centred = async (text: string, y: number, size: number, bold = false) => {
    const font = bold && /^[\x20-\x7e]*$/.test(text) ? await fonts.bold() : await fonts.forText(text);
    const draw = (chosen: PDFFont) => {
      const shown = shownText(chosen, text);
      const width = chosen.widthOfTextAtSize(shown, size);
      page.drawText(shown, { x: Math.max(40, (842 - width) / 2), y, size, font: chosen, color: ink });
    };
    try {
      draw(font);
    } catch {
      // fontkit cannot lay out some scripts (its bundle lacks regeneratorRuntime): Helvetica, with `?` for what it lacks.
      draw(await fonts.forText('?'));
    }
  };
  await centred('Certificate of Completion', 470, 34, true);
  await centred('This certifies that', 410, 14);
  await centred(row.userName, 365, 30, true);
  await centred('has completed the course', 320, 14);
  await centred(row.courseTitle, 280, 22, true);
  await centred(`with a course total of ${row.total.toFixed(2)}%`, 240, 14);
  await centred(`Issued ${row.issuedAt.toISOString().slice(0, 10)}`, 150, 12);
  await centred(`Verification code ${row.code}`, 125, 12);
  return pdf.save();
}
