import type { ReportLabels } from './report-labels';

export const INK = '#1f2933';
export const MUTED = '#52606d';
export const RULE = '#d9dde3';
/** The page margin, in points. */
export const MARGIN = 50;

/** What every part of a report PDF draws with: the document, its texts, the writing width and page breaks. */
export interface Pdf {
  doc: PDFKit.PDFDocument;
  L: ReportLabels;
  /** Left edge and writing width. */
  x: number;
  width: number;
  /** The lowest y text may reach (the footer sits below). */
  bottom(): number;
  /** A new page when `h` points do not fit below the cursor. */
  room(h: number): void;
  /** A section title, kept with at least `keep` points of what follows. */
  heading(text: string, keep?: number): void;
}

export function pdfContext(doc: PDFKit.PDFDocument, L: ReportLabels): Pdf {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  return {
    doc,
    L,
    x: MARGIN,
    width,
    bottom,
    room,
    heading(text, keep = 40) {
      doc.fontSize(13);
      const h = doc.heightOfString(text, { width }) + 14;
      room(h + keep);
      if (doc.y > MARGIN + 1) doc.moveDown(0.8);
      doc.fillColor(INK).fontSize(13).text(text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    },
  };
}
