import type { Report } from '@skillroom/contract';
import { betweenUnits } from '../../http/work-pace';
import { HeapBudget } from '../../lib/heap-budget';
import { reportDocument, reportFont } from './report-fonts';
import { reportLabels } from './report-labels';
import type { ReportClassGrid } from './report-growth.service';
import { drawGrowth } from './report-pdf-growth';
import { drawGrowthGrid } from './report-pdf-growth-grid';
import { compactFinishedPages, MARGIN, MUTED, pdfContext } from './report-pdf-page';
import { drawPortfolio, type PictureCache, type PortfolioSource } from './report-pdf-portfolio';
import { drawSummary } from './report-pdf-summary';

export interface ReportPdfOptions {
  /** Where the ratings and pictures come from: without it the PDF has the summary only. */
  source?: PortfolioSource;
  /** A class report: each student's portfolio on pages of its own after the class summary (default true). */
  perStudent?: boolean;
  /** A class report's growth grid (report-growth.service `reportClassGrid`), printed with the class summary. */
  grid?: ReportClassGrid | null;
  /**
   * Aborted when nobody waits for the file any more (http/request-signal): checked between units (a page of ratings,
   * a student), where the event loop also gets a turn; the stream is then destroyed with `WorkAborted`.
   */
  signal?: AbortSignal;
}

/**
 * The report as an A4 PDF in the user's language (DESIGN §9): the summary and charts; a student's is their portfolio
 * (every rating of the range with note, author and pictures); a class's adds a portfolio per student. The document is
 * a stream, written as it is made: pictures go out as soon as they are placed, one read from the store at a time.
 */
export async function reportPdfStream(r: Report, locale: string, o: ReportPdfOptions = {}): Promise<PDFKit.PDFDocument> {
  // Loaded when first used, not at every start: it is a fifth of the time a start takes to load the server's modules.
  const { default: PDFDocument } = await import('pdfkit');
  const font = reportFont();
  // Without a Chinese font the texts fall back to English rather than print boxes.
  const L = reportLabels(locale === 'zh-HK' && !font?.cjk ? 'en' : locale);
  const { t } = L;
  // Dated to the day it is made (as its text says), so the same report downloaded twice is the same file.
  const made = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const { doc } = reportDocument(PDFDocument, {
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: L.title(r), Creator: 'Skillroom', CreationDate: made },
    lang: L.locale,
  });
  if (font) doc.font('Body');
  compactFinishedPages(doc);
  const p = pdfContext(doc, L);
  const pictures: PictureCache = new Map();
  const write = async () => {
    await drawSummary(p, r, { title: L.title(r), tables: true });
    // A class's growth grid (DESIGN §12) closes its summary, as the class report's screen shows it.
    if (o.grid && !r.student) await drawGrowthGrid(p, o.grid, r.end);
    // A student's growth per skill (DESIGN §12) after their summary, before the ratings one by one; with no rating in
    // the range nothing grew (and an export's unrated students read nothing more).
    if (o.source && r.student && r.totals.ratings > 0) drawGrowth(p, await o.source.growth(r));
    // The portfolio follows the summary, its heading kept with its first rating (on this page when that fits).
    if (o.source && r.student && r.totals.ratings > 0) await drawPortfolio(p, o.source, r, pictures, o.signal);
    // A class's portfolios, one rated student after the other, each from a new page (a page or two to hand to a family),
    // within a memory budget (lib/heap-budget): 32 MB rather than 12, as someone waits for this file (bench, a class
    // year: 5.5 s and 23 MB over idle, against 6.2 s and 6 MB). The unrated are named once in the class summary.
    const budget = new HeapBudget(32);
    if (o.source && !r.student && o.perStudent !== false)
      for await (const part of o.source.students(r)) {
        if (doc.destroyed) return;
        if (part.totals.ratings === 0) continue;
        budget.check();
        await betweenUnits(o.signal);
        doc.addPage();
        await drawSummary(p, part, { title: t('report_pdf.portfolio_of', { name: L.person(part.student!) }), tables: false });
        drawGrowth(p, await o.source.growth(part));
        await drawPortfolio(p, o.source, part, pictures, o.signal);
      }
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc
        .fillColor(MUTED)
        .fontSize(8)
        .text(t('report.page', { n: i + 1, total: range.count }), MARGIN, doc.page.height - MARGIN + 10, {
          width: p.width,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.end();
  };
  write().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}

/** The whole PDF in memory: for callers that need its bytes (tests); routes and exports stream it. */
export async function renderReportPdf(r: Report, locale: string, o: ReportPdfOptions = {}): Promise<Buffer> {
  const doc = await reportPdfStream(r, locale, o);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
