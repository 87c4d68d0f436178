import type QRCode from 'qrcode';
import { DEFAULT_LOCALE, FAMILY_LETTER, fullName, inNameOrder } from '@skillroom/contract';
import { reportDocument, reportFont } from '../reports/report-fonts';
import { translator } from '../translations/translations.service';
import type { LetterClass, LetterPlace } from './family-letters.repository';
import { letterLanguage } from './family-letter-language';

const INK = '#1f2933';
const MUTED = '#52606d';
const BRAND = '#0f766e';
const M = 56;
const QR_SIZE = 150;

/** Where a letter's QR code leads: the app's link page with the place's code filled in, in the letter's language. */
export const familyLinkUrl = (publicUrl: string, code: string, lang: string) =>
  `${publicUrl}${FAMILY_LETTER.linkPath}?${FAMILY_LETTER.codeParam}=${encodeURIComponent(code)}&${FAMILY_LETTER.langParam}=${lang}`;


/**
 * The QR code as filled squares (vector, so it stays sharp at any print size), a row's dark run drawn as one
 * rectangle. The white quiet zone around it is the page itself.
 */
function drawQr(qr: typeof QRCode, doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = qr.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let r = 0; r < modules.size; r++) {
    let start = -1;
    for (let c = 0; c <= modules.size; c++) {
      const dark = c < modules.size && modules.get(r, c);
      if (dark && start < 0) start = c;
      if (!dark && start >= 0) {
        doc.rect(x + start * cell, y + r * cell, (c - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
}

/**
 * The family letters of a class as one A4 PDF, a page per place, each in the family's language (the place's
 * `familyLanguage`, else the class creator's): the code, a QR code of the link page and the steps.
 */
export async function renderFamilyLetters(cls: LetterClass, places: LetterPlace[], publicUrl: string): Promise<Buffer> {
  const font = reportFont();
  // Without a Chinese font a letter falls back to English rather than print boxes (as the reports do).
  const languageOf = (l: string | null) => {
    const chosen = letterLanguage(cls, l);
    return chosen === 'zh-HK' && !font?.cjk ? DEFAULT_LOCALE : chosen;
  };
  const creatorT = translator(languageOf(null));
  const made = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  // Loaded when first used, not at every start: it is a fifth of the time a start takes to load the server's modules.
  const [{ default: PDFDocument }, { default: qr }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const { doc } = reportDocument(PDFDocument, {
    size: 'A4',
    margin: M,
    autoFirstPage: false,
    info: { Title: creatorT('letter.document_title', { class: cls.name }), Creator: 'Skillroom', CreationDate: made },
    lang: languageOf(null),
  });
  const body = () => (font ? doc.font('Body') : doc.font('Helvetica'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const teacher = fullName({ firstName: cls.creatorFirstName, lastName: cls.creatorLastName });

  // One order everywhere (issue 36 §5): the class list's, in the language the letters are made in by default.
  for (const place of inNameOrder(places, languageOf(null))) {
    const language = languageOf(place.familyLanguage);
    const t = translator(language);
    const name = fullName(place);
    const url = familyLinkUrl(publicUrl, place.invitationCode, language);
    doc.addPage();
    const W = doc.page.width - 2 * M;
    body();
    doc.fillColor(BRAND).fontSize(13).text('Skillroom', M, M, { width: W });
    doc.moveDown(0.6).fillColor(INK).fontSize(22).text(t('letter.title', { name }), { width: W });
    doc
      .moveDown(0.3)
      .fillColor(MUTED)
      .fontSize(11)
      .text(t('letter.class', { class: cls.name }), { width: W });
    if (cls.school) doc.text(t('letter.school', { school: cls.school }), { width: W });
    doc
      .moveDown(0.8)
      .fillColor(INK)
      .fontSize(12)
      .text(t('letter.intro', { teacher, name, class: cls.name }), { width: W, lineGap: 2 });

    // The code box: the QR code on the left, the code to type on the right, the address under both.
    const top = doc.y + 16;
    const boxH = QR_SIZE + 56;
    doc.roundedRect(M, top, W, boxH, 8).lineWidth(1).strokeColor('#cbd5e1').stroke();
    drawQr(qr, doc, url, M + 16, top + 16, QR_SIZE);
    const right = M + 16 + QR_SIZE + 24;
    const rw = W - (right - M) - 16;
    body()
      .fillColor(MUTED)
      .fontSize(11)
      .text(t('letter.code', { name }), right, top + 40, { width: rw });
    doc
      .font('Courier-Bold')
      .fillColor(INK)
      .fontSize(30)
      .text(place.invitationCode, right, doc.y + 6, { width: rw, characterSpacing: 3 });
    doc.font('Courier').fillColor(MUTED).fontSize(9);
    doc.text(url, M + 16, top + QR_SIZE + 26, { width: W - 32, lineBreak: false, ellipsis: true });

    body()
      .fillColor(INK)
      .fontSize(14)
      .text(t('letter.steps', { name }), M, top + boxH + 22, { width: W });
    doc.moveDown(0.4);
    const steps = ['letter.step_scan', 'letter.step_account', 'letter.step_request', 'letter.step_approve'];
    steps.forEach((key, i) => {
      const y = doc.y + 4;
      doc
        .fillColor(BRAND)
        .fontSize(12)
        .text(`${i + 1}.`, M, y, { width: 20 });
      doc.fillColor(INK).text(t(key, { name }), M + 22, y, { width: W - 22, lineGap: 2 });
    });
    doc.moveDown(1.2).fillColor(MUTED).fontSize(10).text(t('letter.private', { name }), M, doc.y, { width: W });
  }
  // A class with no students (or none named) still answers a file: one page that says so.
  if (!places.length) {
    doc.addPage();
    body()
      .fillColor(INK)
      .fontSize(14)
      .text(creatorT('letter.no_students', { class: cls.name }), M, M);
  }
  doc.end();
  return done;
}
