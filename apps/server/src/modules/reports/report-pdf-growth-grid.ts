import { stageTone } from '@skillroom/contract';
import type { GrowthCell } from '../../records/growth-figures';
import type { ReportClassGrid } from './report-growth.service';
import { INK, MUTED, RULE, type Pdf } from './report-pdf-page';
import { planColumns } from './report-pdf-table';

/** Inside a cell, and between two cells. */
const PAD = 3;
const GAP = 3;
/** Between a student's name and their first cell. */
const NAME_GAP = 8;
const NAME = 8;
const STAGE = 7.5;
const SMALL = 6.5;
/** The edge of a cell without a stage (dashed), as on screen. */
const NO_STAGE = '#cbd5e1';
/** Rows drawn between two turns of the event loop, as the tables'. */
const ROWS_PER_TURN = 50;

type Texts = { stage: string; count: string; self: string | null; tone: readonly [string, string] | null };

/**
 * The class growth grid on the class PDF's summary (DESIGN §12, as the report's screen shows it): a row per student, a
 * column per skill, each cell its stage in words on the stage's tone with the number of ratings that count, and the
 * student's own newest self-assessment below it in a box of its own, never in the tone. Only students and skills with
 * something to show; columns that do not fit the page go to a next part (the names repeated), rows to next pages.
 */
export async function drawGrowthGrid(p: Pdf, grid: ReportClassGrid, end: string) {
  const { doc, L } = p;
  const { t } = L;
  const has = (c: GrowthCell) => c.ratings > 0 || c.self !== null;
  const rows = grid.rows.filter((r) => r.cells.some(has));
  const skills = grid.skills.map((s, i) => ({ s, i })).filter(({ i }) => rows.some((r) => has(r.cells[i]!)));
  if (!rows.length || !skills.length) return;
  const texts = (c: GrowthCell): Texts => ({
    stage: L.stored(c.stage) || '–',
    count: L.ratings(c.ratings),
    self: c.self && t('report.self_stage', { stage: L.stored(c.self.stage) || L.number(c.self.points) }),
    tone: stageTone(c.skill.stages, c.stage?.points ?? null),
  });
  const cells = rows.map((r) => skills.map(({ i }) => texts(r.cells[i]!)));
  const names = rows.map((r) => L.person(r.person));
  const headers = skills.map(({ s }) => L.named(s));

  // The narrowest a column may be is its widest word (text wraps between words, never inside one).
  const widest = (list: string[], size: number) => {
    doc.fontSize(size);
    return Math.max(0, ...list.flatMap((x) => x.split(/\s+/)).map((w) => doc.widthOfString(w)));
  };
  const whole = (list: string[], size: number) => {
    doc.fontSize(size);
    return Math.max(0, ...list.map((x) => doc.widthOfString(x)));
  };
  const column = (k: number) => {
    const own = cells.map((c) => c[k]!);
    const small = [...own.map((c) => c.count), ...own.flatMap((c) => (c.self ? [c.self] : []))];
    const stage = own.map((c) => c.stage);
    const edge = 2 * PAD + GAP;
    return {
      min: Math.max(widest([headers[k]!], NAME), widest(stage, STAGE), widest(small, SMALL)) + edge,
      natural: Math.max(whole([headers[k]!], NAME), whole(stage, STAGE), whole(small, SMALL)) + edge,
    };
  };
  const cols = skills.map((_, k) => column(k));
  const nameWidth = whole(names, NAME) + NAME_GAP;
  // The names no wider than they need: the page's spare room stays to the right of a part's cells, not between them.
  const plan = planColumns(
    [widest(names, NAME) + NAME_GAP, ...cols.map((c) => c.min)],
    [nameWidth, ...cols.map((c) => c.natural)],
    p.width,
  ).map((g) => ({ ...g, widths: g.widths.map((w, i) => (i === 0 ? Math.min(w, nameWidth) : w)) }));

  const title = t('report_pdf.growth_grid');
  for (const [n, g] of plan.entries()) {
    p.heading(n === 0 ? title : `${title} (${t('report_pdf.continued')})`, 80);
    if (n === 0) {
      const notes = [t('report_pdf.growth_grid_note', { date: L.date(end) })];
      if (cells.some((row) => row.some((c) => c.self))) notes.push(t('report.self_note'));
      doc.fillColor(MUTED).fontSize(8).text(notes.join(' '), p.x, doc.y, { width: p.width });
      doc.y += 6;
    }
    const xs = g.widths.map((_, i) => p.x + g.widths.slice(0, i).reduce((a, b) => a + b, 0));
    // Column 0 is the names; column c > 0 is skill c - 1.
    const inner = (i: number) => g.widths[i]! - GAP - 2 * PAD;
    const header = () => {
      doc.fontSize(NAME);
      const h = Math.max(
        ...g.columns.map((c, i) => doc.heightOfString(c ? headers[c - 1]! : t('report.student'), { width: inner(i) + 2 * PAD })),
      );
      const y = doc.y;
      g.columns.forEach((c, i) => {
        doc
          .fillColor(c ? INK : MUTED)
          .fontSize(NAME)
          .text(c ? headers[c - 1]! : t('report.student'), xs[i]!, y, { width: inner(i) + 2 * PAD });
        if (c) doc.rect(xs[i]!, y + h + 1, g.widths[i]! - GAP, 2).fill(skills[c - 1]!.s.colorCode);
      });
      doc.y = y + h + 6;
    };
    const boxes = (c: Texts, w: number) => {
      const stageH = doc.fontSize(STAGE).heightOfString(c.stage, { width: w });
      const countH = doc.fontSize(SMALL).heightOfString(c.count, { width: w });
      const selfH = c.self ? doc.fontSize(SMALL).heightOfString(c.self, { width: w }) : 0;
      return { stageH, countH, selfH, teacher: stageH + countH + 2 * PAD, self: c.self ? selfH + 2 * PAD + 2 : 0 };
    };
    const heightOf = (k: number) =>
      Math.max(
        doc.fontSize(NAME).heightOfString(names[k]!, { width: g.widths[0]! - NAME_GAP }),
        ...g.columns.slice(1).map((c, j) => {
          const b = boxes(cells[k]![c - 1]!, inner(j + 1));
          return b.teacher + b.self;
        }),
      ) + GAP;
    header();
    for (const k of rows.keys()) {
      if (k % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
      const h = heightOf(k);
      if (doc.y + h > p.bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      doc
        .fillColor(INK)
        .fontSize(NAME)
        .text(names[k]!, xs[0]!, y + PAD, { width: g.widths[0]! - NAME_GAP });
      g.columns
        .slice(1)
        .forEach((c, j) => drawCell(p, cells[k]![c - 1]!, xs[j + 1]!, y, inner(j + 1), boxes(cells[k]![c - 1]!, inner(j + 1))));
      doc.y = y + h;
      doc
        .moveTo(p.x, doc.y - GAP / 2)
        .lineTo(p.x + g.widths.reduce((a, b) => a + b, 0), doc.y - GAP / 2)
        .lineWidth(0.3)
        .strokeColor(RULE)
        .stroke();
    }
    doc.x = p.x;
  }
}

/** A cell: the teachers' stage on its tone with the count below, then, apart, the student's own view. */
function drawCell(
  p: Pdf,
  c: Texts,
  x: number,
  y: number,
  w: number,
  b: { stageH: number; countH: number; selfH: number; teacher: number },
) {
  const { doc } = p;
  const boxW = w + 2 * PAD;
  doc.lineWidth(0.6);
  if (c.tone) doc.roundedRect(x, y, boxW, b.teacher, 2).fillAndStroke(c.tone[0], c.tone[1]);
  else doc.roundedRect(x, y, boxW, b.teacher, 2).dash(2, { space: 1.5 }).stroke(NO_STAGE).undash();
  doc
    .fillColor(INK)
    .fontSize(STAGE)
    .text(c.stage, x + PAD, y + PAD, { width: w });
  doc
    .fillColor(INK)
    .fontSize(SMALL)
    .text(c.count, x + PAD, y + PAD + b.stageH, { width: w });
  if (!c.self) return;
  const top = y + b.teacher + 2;
  doc
    .roundedRect(x, top, boxW, b.selfH + 2 * PAD, 2)
    .lineWidth(0.6)
    .stroke(RULE);
  doc
    .fillColor(MUTED)
    .fontSize(SMALL)
    .text(c.self, x + PAD, top + PAD, { width: w });
}
