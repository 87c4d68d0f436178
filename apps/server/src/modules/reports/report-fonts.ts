import fs from 'node:fs';

/**
 * The fonts of the PDF reports and letters. pdfkit's built-in Helvetica only writes Western European text, so names
 * and texts in other scripts need fonts of their own:
 * - the wide font writes Chinese (Debian's fonts-noto-cjk, or the usual places on other systems), or REPORT_FONT, a
 *   TTF/OTF/TTC file (with REPORT_FONT_FAMILY for a collection) that then writes everything;
 * - the Latin font (DejaVu Sans, Debian's fonts-dejavu-core: Latin, Greek, Cyrillic) writes every text it has all the
 *   characters of. The CJK collection is a 19 MB file that fontkit parses into about 20 MB more, so a school writing
 *   in English or Spanish never loads it; a text with a character the Latin font lacks is written with the wide one,
 *   loaded then.
 */
const WIDE: [path: string, family?: string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
  ['/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKhk-Regular'],
];
const LATIN = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];

export interface ReportFont {
  path: string;
  family?: string;
  /** Whether it writes Chinese. */
  cjk: boolean;
}

let found: { wide: ReportFont | null; latin: ReportFont | null } | undefined;

function fonts() {
  if (found) return found;
  const first = (list: [string, string?][]) => list.find(([file]) => fs.existsSync(file));
  if (process.env.REPORT_FONT) {
    found = { wide: { path: process.env.REPORT_FONT, family: process.env.REPORT_FONT_FAMILY, cjk: true }, latin: null };
    return found;
  }
  const wide = first(WIDE);
  const latin = first(LATIN.map((p) => [p]));
  found = {
    wide: wide ? { path: wide[0], family: wide[1], cjk: true } : null,
    latin: latin ? { path: latin[0], cjk: false } : null,
  };
  return found;
}

/** The font that writes the most scripts here (Chinese when there is one): what callers check before printing zh-HK. */
export function reportFont(): ReportFont | null {
  const f = fonts();
  return f.wide ?? f.latin;
}

/** What pdfkit keeps of a document's fonts (not in its types): the fonts by name, and the count that numbers them. */
interface FontTable {
  _font: Embedded;
  _fontFamilies: Record<string, Embedded>;
  _fontCount: number;
}
interface Embedded {
  font: { hasGlyphForCodePoint(cp: number): boolean };
  layoutCache?: object;
  constructor: new (doc: PDFKit.PDFDocument, font: object, id: string) => Embedded;
}

/** Words laid out by a shared font, kept across documents; emptied when full, so bounded (a few MB). */
const MAX_RUNS = 20_000;

/**
 * A font file read and parsed once for the process (fontkit's object, with its tables, glyphs and layouts), and its
 * words' layouts: pdfkit parses a font again for every document (for the CJK font, 7 MB of CFF index and the GSUB
 * tables each time), and lays out each word again in every document (fontkit's shaping is most of a report's time).
 * Each document still embeds its own subset of the glyphs it used, so the files are the same; layout is synchronous,
 * so documents made at the same time never interleave within one.
 */
class SharedFont {
  private parsed: { font: Embedded['font']; Embedded: Embedded['constructor'] } | null = null;
  private readonly runs = new Map<string, unknown>();
  /** pdfkit reads and writes its layout cache as a plain object: this one is the map above. */
  private readonly layoutCache = new Proxy(Object.create(null) as object, {
    get: (_, word) => (typeof word === 'string' ? this.runs.get(word) : undefined),
    set: (_, word, run) => {
      if (this.runs.size >= MAX_RUNS) this.runs.clear();
      this.runs.set(String(word), run);
      return true;
    },
  });

  constructor(readonly source: ReportFont) {}

  /** Makes `name` this font in the document (and the current font when it was parsed for it). */
  embed(doc: PDFKit.PDFDocument, name: string) {
    const d = doc as unknown as FontTable;
    if (!this.parsed) {
      // The first document parses it through pdfkit's own path; its parsed font is kept for the next ones.
      doc.registerFont(name, fs.readFileSync(this.source.path), this.source.family as string);
      const before = d._font;
      doc.font(name);
      this.parsed = { font: d._font.font, Embedded: d._font.constructor };
      if (d._font.layoutCache) d._font.layoutCache = this.layoutCache;
      if (before) d._font = before;
      return;
    }
    // What doc.font(name) would have made, minus the parsing: found by name from here on.
    const embedded = new this.parsed.Embedded(doc, this.parsed.font, `F${++d._fontCount}`);
    if (embedded.layoutCache) embedded.layoutCache = this.layoutCache;
    d._fontFamilies[name] = embedded;
  }

  /** Whether the font has a glyph for every character of the text (spaces and line breaks aside). */
  writes(text: string) {
    const font = this.parsed!.font;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp > 0x20 && !font.hasGlyphForCodePoint(cp)) return false;
    }
    return true;
  }
}

const shared = new Map<string, SharedFont>();
const sharedFont = (f: ReportFont) => {
  let s = shared.get(f.path);
  if (!s) shared.set(f.path, (s = new SharedFont(f)));
  return s;
};

type PdfConstructor = new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
type Measure = (this: PDFKit.PDFDocument, text: unknown, ...rest: unknown[]) => unknown;
const MEASURED = ['text', 'widthOfString', 'heightOfString'] as const;

/**
 * Writes each text the Latin font cannot with the wide font, loaded into the document (and the process) the first
 * time one comes: the text's font changes for that call only, as pdfkit's own mixing of fonts does.
 */
function fallBack(doc: PDFKit.PDFDocument, latin: SharedFont, wide: SharedFont) {
  const d = doc as unknown as FontTable;
  let embedded = false;
  for (const method of MEASURED) {
    const own = (doc as unknown as Record<string, Measure>)[method]!;
    (doc as unknown as Record<string, Measure>)[method] = function (this: PDFKit.PDFDocument, text, ...rest) {
      if (typeof text !== 'string' || d._font !== d._fontFamilies.Body || latin.writes(text)) return own.call(this, text, ...rest);
      if (!embedded) wide.embed(doc, 'Wide');
      embedded = true;
      doc.font('Wide');
      try {
        return own.call(this, text, ...rest);
      } finally {
        doc.font('Body');
      }
    };
  }
}

/**
 * A new document with the report font registered as 'Body': the Latin font with the wide one as its fallback when
 * both are here, else the one there is. pdfkit's default Helvetica, never drawn when a report font is there, is not
 * loaded either (its metrics are 0.4 MB of objects per document); its number is kept, so fonts keep their names in
 * the file. Without a report font on the system, the document has Helvetica as before.
 */
export function reportDocument(PDFDocument: PdfConstructor, options: PDFKit.PDFDocumentOptions) {
  const { wide, latin } = fonts();
  const font = wide ?? latin;
  if (!font) return { doc: new PDFDocument(options), font };
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  (doc as unknown as FontTable)._fontCount = 1;
  const body = sharedFont(latin ?? font);
  body.embed(doc, 'Body');
  if (latin && wide) fallBack(doc, body, sharedFont(wide));
  return { doc, font };
}
