import { INK, MUTED, RULE, type Pdf } from './report-pdf-page';

export interface TableColumn {
  header: string;
  align?: 'left' | 'right';
  color?: string;
}

export interface TableRow {
  cells: string[];
  color?: string;
  bold?: boolean;
  /** Indent of the first cell (an action under its skill). */
  indent?: number;
}

const PAD = 6;
/** Font sizes a table is tried at, the usual first. */
const SIZES = [8.5, 7.5, 7];

/**
 * Column groups and widths for a table `width` wide. No word is ever cut: each column is at least as wide as the
 * longest word of its header and cells (text wraps between words, rows grow); the first `keep` columns are repeated
 * in every group, and columns that do not fit beside them go to the next group, printed after (DESIGN §9).
 */
export function planColumns(minimum: number[], natural: number[], width: number, keep = 1): { columns: number[]; widths: number[] }[] {
  const fixed = minimum.slice(0, keep).reduce((a, b) => a + b, 0);
  const groups: number[][] = [];
  let current: number[] = [];
  let used = fixed;
  for (let i = keep; i < minimum.length; i++) {
    // A column wider than what is left beside the kept ones still gets a group of its own (and its text wraps).
    if (current.length && used + minimum[i]! > width) {
      groups.push(current);
      current = [];
      used = fixed;
    }
    current.push(i);
    used += minimum[i]!;
  }
  if (current.length || !groups.length) groups.push(current);
  return groups.map((g) => {
    const columns = [...Array(keep).keys(), ...g];
    const widths = columns.map((c) => minimum[c]!);
    let spare = width - widths.reduce((a, b) => a + b, 0);
    // Spare room goes first to the first column (names on one line), then to columns below their natural width (fewer
    // wrapped lines), the rest to the first column.
    const first = Math.min(spare, Math.max(0, natural[0]! - widths[0]!));
    widths[0]! += first;
    spare -= first;
    const wants = columns.map((c, i) => Math.max(0, natural[c]! - widths[i]!));
    const wanted = wants.reduce((a, b) => a + b, 0);
    if (spare > 0 && wanted > 0) {
      const share = Math.min(1, spare / wanted);
      columns.forEach((_, i) => (widths[i]! += wants[i]! * share));
      spare -= Math.min(spare, wanted);
    }
    if (spare > 0) widths[0]! += spare;
    return { columns, widths };
  });
}

/**
 * A table whose cells wrap within their column and whose rows take the height of their tallest cell. A table that
 * does not fit the width at the usual size is tried a size smaller before its columns are split into groups.
 */
/** Rows drawn between two turns of the event loop: a class of 1,000 students is a table of 1,000 rows. */
const ROWS_PER_TURN = 50;

export async function drawTable(p: Pdf, title: string, cols: TableColumn[], rows: TableRow[], keep = 1) {
  const { doc } = p;
  const texts = (i: number) => [cols[i]!.header, ...rows.map((r) => r.cells[i] ?? '')];
  const measure = (size: number) => {
    doc.fontSize(size);
    // Lines break between words only (a hyphenated word is kept whole): the widest word is the narrowest a column may be.
    const pieces = (t: string) => t.split(/\s+/).filter(Boolean);
    const widest = (list: string[]) => Math.max(0, ...list.map((t) => doc.widthOfString(t))) + PAD;
    const minimum = cols.map((_, i) => Math.min(widest(texts(i).flatMap(pieces)), p.width * 0.6));
    const natural = cols.map((_, i) => Math.min(widest(texts(i)) + (i === 0 ? 12 : 0), p.width * 0.6));
    const groups = planColumns(minimum, natural, p.width, keep);
    // Whole: one group, its first column (the names) on one line.
    return { size, groups, whole: groups.length === 1 && groups[0]!.widths[0]! >= natural[0]! - 0.5 };
  };
  // The usual size when the table fits whole, else the first smaller one that does, else the first in one group.
  // Measured one size at a time: every cell's words are measured at each size tried, and a class of 1,000 students
  // that fits at the usual size need not be measured three times more.
  let fits: ReturnType<typeof measure> | undefined;
  let single: ReturnType<typeof measure> | undefined;
  for (const s of SIZES) {
    const t = measure(s);
    if (t.whole) {
      fits = t;
      break;
    }
    if (!single && t.groups.length === 1) single = t;
    fits = t;
  }
  const { size, groups } = fits!.whole ? fits! : (single ?? fits!);
  for (const [n, g] of groups.entries()) {
    p.heading(n === 0 ? title : `${title} (${p.L.t('report_pdf.continued')})`, 50);
    const cell = (i: number, text: string, y: number, o: { color?: string; indent?: number }) => {
      const c = g.columns[i]!;
      const x = p.x + g.widths.slice(0, i).reduce((a, b) => a + b, 0);
      const indent = i === 0 ? (o.indent ?? 0) : 0;
      doc.fillColor(o.color ?? INK).fontSize(size);
      doc.text(text, x + indent, y, { width: g.widths[i]! - PAD - indent, align: cols[c]!.align ?? (c === 0 ? 'left' : 'right') });
    };
    const heightOf = (cells: string[], indent = 0) =>
      Math.max(
        ...g.columns.map((c, i) => {
          doc.fontSize(size);
          return doc.heightOfString(cells[c] || ' ', { width: g.widths[i]! - PAD - (i === 0 ? indent : 0) });
        }),
      ) + 4;
    const header = () => {
      const h = heightOf(cols.map((c) => c.header));
      const y = doc.y;
      g.columns.forEach((c, i) => cell(i, cols[c]!.header, y, { color: cols[c]!.color ?? MUTED }));
      doc
        .moveTo(p.x, y + h - 1)
        .lineTo(p.x + p.width, y + h - 1)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + h + 2;
    };
    header();
    for (const [k, r] of rows.entries()) {
      if (k % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
      const h = heightOf(r.cells, r.indent);
      if (doc.y + h > p.bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      g.columns.forEach((c, i) => cell(i, r.cells[c] ?? '', y, { color: r.color, indent: r.indent }));
      doc.y = y + h;
    }
    doc.x = p.x;
  }
}
