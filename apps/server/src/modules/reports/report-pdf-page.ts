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

/**
 * Text measured once and drawn fast: a text that fits its width on one line is drawn without pdfkit's line wrapper
 * (most of a portfolio: dates, names, authors), and wrapped heights are remembered, since a class PDF prints a
 * whole-class rating in every student's portfolio. Measured and drawn at the same size and width, so never cut.
 */
export class TextFitter {
  private readonly heights = new Map<string, number>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The height `text` takes at `size` within `width`, and whether it is one line. */
  measure(text: string, size: number, width: number) {
    const { doc } = this;
    doc.fontSize(size);
    if (!text.includes('\n') && doc.widthOfString(text) <= width) return { height: doc.currentLineHeight(true), oneLine: true };
    const key = `${size}|${width}|${text}`;
    let height = this.heights.get(key);
    if (height === undefined) {
      if (this.heights.size > 5000) this.heights.clear();
      height = doc.heightOfString(text, { width });
      this.heights.set(key, height);
    }
    return { height, oneLine: false };
  }

  /** Draws `text` at (x, y) within `width`; answers its height. */
  draw(text: string, x: number, y: number, width: number, o: { size: number; color: string; align?: 'left' | 'right' }) {
    const { doc } = this;
    const m = this.measure(text, o.size, width);
    doc.fillColor(o.color).fontSize(o.size);
    if (m.oneLine) {
      const left = o.align === 'right' ? x + width - doc.widthOfString(text) : x;
      doc.text(text, left, y, { lineBreak: false });
    } else doc.text(text, x, y, { width, align: o.align ?? 'left' });
    return m.height;
  }
}

/** What pdfkit keeps of buffered pages (not in its types): each page's content stream, as the chunks written to it. */
type BufferedPages = { _pageBuffer: { content: { buffer: Uint8Array[] } }[] };

/**
 * With `bufferPages` (the footers need the page count) pdfkit keeps every page's content until the end, as one small
 * buffer per drawing operation: thousands per page, which outlive the young generation and pile up as garbage in
 * the old one once the document ends. When a page is added, the pages before it are joined into one buffer each;
 * the bytes (and the file) are the same, and later writes to a page (its footer) still append.
 */
export function compactFinishedPages(doc: PDFKit.PDFDocument) {
  const pages = (doc as unknown as BufferedPages)._pageBuffer;
  let done = 0;
  doc.on('pageAdded', () => {
    for (; done < pages.length - 1; done++) {
      const content = pages[done]!.content;
      if (content.buffer.length > 1) content.buffer = [Buffer.concat(content.buffer)];
    }
  });
}
