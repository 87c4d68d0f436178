import fs from 'node:fs';

/**
 * A Unicode font for the PDF reports: pdfkit's built-in Helvetica only writes Western European text, so names and
 * texts in Chinese need a CJK font. Debian's fonts-noto-cjk (and the usual places on other systems) are looked up
 * once; REPORT_FONT may name a TTF/OTF/TTC file (with REPORT_FONT_FAMILY for a collection).
 */
const CANDIDATES: [path: string, family?: string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
  ['/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
];

export interface ReportFont {
  data: Buffer;
  family?: string;
  /** Whether it writes Chinese. */
  cjk: boolean;
}

let cached: ReportFont | null | undefined;

export function reportFont(): ReportFont | null {
  if (cached !== undefined) return cached;
  const configured: [string, string?][] = process.env.REPORT_FONT ? [[process.env.REPORT_FONT, process.env.REPORT_FONT_FAMILY]] : [];
  cached = null;
  for (const [file, family] of [...configured, ...CANDIDATES]) {
    try {
      cached = { data: fs.readFileSync(file), family, cjk: /cjk|hk|tc|sc|han/i.test(file) || Boolean(process.env.REPORT_FONT) };
      break;
    } catch {
      // Not on this system: try the next.
    }
  }
  return cached;
}

/** What pdfkit keeps of a document's fonts (not in its types): the fonts by name, and the count that numbers them. */
interface FontTable {
  _font: {
    font: object;
    layoutCache?: object;
    constructor: new (doc: PDFKit.PDFDocument, font: object, id: string) => { layoutCache?: object };
  };
  _fontFamilies: Record<string, object>;
  _fontCount: number;
}

/** The font parsed once (fontkit's object, with its tables, glyphs and layouts), and pdfkit's class that embeds it. */
let parsed: { font: object; Embedded: FontTable['_font']['constructor'] } | null = null;

/** Words laid out by the shared font, kept across documents; emptied when full, so bounded (a few MB). */
const MAX_RUNS = 20_000;
const runs = new Map<string, unknown>();
/** pdfkit reads and writes its layout cache as a plain object: this one is the map above. */
const layoutCache = new Proxy(Object.create(null) as object, {
  get: (_, word) => (typeof word === 'string' ? runs.get(word) : undefined),
  set: (_, word, run) => {
    if (runs.size >= MAX_RUNS) runs.clear();
    runs.set(String(word), run);
    return true;
  },
});

type PdfConstructor = new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

/**
 * A new document with the report font registered as 'Body', parsed once for the process: pdfkit parses a font again
 * for every document (for the CJK font, 7 MB of CFF index and the GSUB tables each time, garbage once the document
 * ends), and lays out each word again in every document (fontkit's shaping with that font's tables is most of a
 * report's time), which made a class export's heap and time grow with its number of PDFs. Each document still embeds
 * its own subset of the glyphs it used, so the files are the same; only fontkit's tables and caches and the words'
 * layouts, which depend on the font alone, are shared (layout is synchronous, so documents made at the same time never
 * interleave within one). pdfkit's default Helvetica, never drawn when the report font is there, is not loaded
 * either (its metrics are 0.4 MB of objects per document); its number is kept, so fonts keep their names in the file.
 * Without a report font on the system, the document has Helvetica as before.
 */
export function reportDocument(PDFDocument: PdfConstructor, options: PDFKit.PDFDocumentOptions) {
  const font = reportFont();
  if (!font) return { doc: new PDFDocument(options), font };
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  const d = doc as unknown as FontTable;
  d._fontCount = 1;
  doc.registerFont('Body', font.data, font.family as string);
  if (!parsed) {
    // The first document parses it through pdfkit's own path; its parsed font is kept for the next ones.
    doc.font('Body');
    parsed = { font: d._font.font, Embedded: d._font.constructor };
    if (d._font.layoutCache) d._font.layoutCache = layoutCache;
    return { doc, font };
  }
  // What doc.font('Body') would have made, minus the parsing: found by name from here on.
  const embedded = new parsed.Embedded(doc, parsed.font, `F${++d._fontCount}`);
  if (embedded.layoutCache) embedded.layoutCache = layoutCache;
  d._fontFamilies.Body = embedded;
  return { doc, font };
}
