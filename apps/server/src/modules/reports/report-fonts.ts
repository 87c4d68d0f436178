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
