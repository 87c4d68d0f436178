import type ExcelJS from 'exceljs';
import { MediaType, type Report } from '@skillroom/contract';
import type { ReportGrowth } from './report-growth.service';
import { reportLabels } from './report-labels';
import { growthTable } from './report-spreadsheet-growth';
import type { ReportRatingRow } from './report-ratings.repository';

const KIND: Record<number, string> = {
  [MediaType.RatingPhoto]: 'report.media_photo',
  [MediaType.RatingVideo]: 'report.media_video',
  [MediaType.RatingAudio]: 'report.media_audio',
  [MediaType.RatingFile]: 'report.media_file',
};

/** The sheet that lists every rating keeps this name in every language (DESIGN §9): a script may look it up. */
export const RATINGS_SHEET = 'Ratings';
/** dd/MM/yyyy (spec §9) as a number format: the cells hold real dates, which sort and filter as dates. */
export const DATE_FORMAT = 'dd/mm/yyyy';
/** Excel's "Text" format: what is typed into such a cell later stays text too. */
const TEXT_FORMAT = '@';
const MAX_WIDTH = 60;

type Kind = 'text' | 'date' | 'number';
interface Column {
  header: string;
  kind: Kind;
  /** Long free text wraps at the widest width instead of widening its column without end. */
  wrap?: boolean;
}
type Value = string | number | Date | null;

/** A YYYY-MM-DD day as the Date exceljs stores as that day's serial (it counts in UTC). */
export const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

// Chinese, Japanese and Korean characters (and full-width forms) take two of Excel's character widths.
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;
const textWidth = (text: string) => text.length + (text.match(WIDE)?.length ?? 0);

/** Wide enough for the header and the longest line of the column (dates print in 10 characters), within bounds. */
function widthOf(c: Column, values: Value[]) {
  const longest = values.reduce<number>((n, v) => {
    if (v instanceof Date) return Math.max(n, 10);
    const lines = String(v ?? '').split('\n');
    return Math.max(n, ...lines.map(textWidth));
  }, textWidth(c.header));
  return Math.min(MAX_WIDTH, Math.max(10, longest + 2));
}

/**
 * A sheet with a bold, frozen header row. Text is always a string cell formatted as text, so a note that starts with
 * =, +, - or @ is shown as written and never read as a formula (exceljs writes a formula only when given one); dates
 * are date cells with the dd/mm/yyyy format; numbers stay numbers.
 */
function addSheet(wb: ExcelJS.Workbook, name: string, columns: Column[], rows: Value[][]) {
  const ws = wb.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: widthOf(
      c,
      rows.map((r) => r[i] ?? null),
    ),
  }));
  ws.getRow(1).font = { bold: true };
  for (const values of rows) {
    const row = ws.addRow(values.map((v) => v ?? ''));
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.kind === 'date' && values[i] instanceof Date) cell.numFmt = DATE_FORMAT;
      if (c.kind === 'text') {
        cell.value = String(values[i] ?? '');
        cell.numFmt = TEXT_FORMAT;
      }
      if (c.wrap) cell.alignment = { wrapText: true, vertical: 'top' };
    });
  }
  return ws;
}

/**
 * The report as an xlsx workbook in the user's language: one sheet per view (summary, skills, students, timeline,
 * evidence) and "Ratings", a row per rating of the range.
 */
export async function renderReportSpreadsheet(
  r: Report,
  locale: string,
  ratings: ReportRatingRow[],
  /**
   * `quick`: zipped at deflate's fastest level (a class export makes one per student, then stores them in its own zip:
   * the pure-JS deflate at its default level was a fifth of each student's time, for files a tenth smaller).
   * `growth`: the students' growth (report-growth.service), on a sheet "Growth" after "Ratings".
   */
  o: { quick?: boolean; growth?: ReportGrowth[] } = {},
): Promise<Buffer> {
  const L = reportLabels(locale);
  const { t } = L;
  // Dated to the day it is made, so the same report downloaded twice is the same file: exceljs zips with JSZip,
  // which stamps every entry with the time unless its default date is set.
  const made = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  // Loaded when first used, not at every start: it is a fifth of the time a start takes to load the server's modules.
  const [{ default: Excel }, { default: JSZip }] = await Promise.all([import('exceljs'), import('jszip')]);
  JSZip.defaults.date = made;
  const wb = new Excel.Workbook();
  wb.creator = 'Skillroom';
  wb.created = made;
  wb.modified = made;
  const className = new Map(r.teachingClasses.map((c) => [c['@id'], c.name]));
  const skillName = new Map(r.skills.map((s) => [s.learningSkill, L.named(s)]));
  const text = (header: string, wrap = false): Column => ({ header, kind: 'text', wrap });
  const num = (header: string): Column => ({ header, kind: 'number' });
  const date = (header: string): Column => ({ header, kind: 'date' });

  const summary = addSheet(
    wb,
    t('report.sheet_summary'),
    [text(L.title(r)), { header: '', kind: 'number' }],
    [
      [t('report.school'), r.school?.name ?? ''],
      [t('report.classes'), r.teachingClasses.map((c) => c.name).join(', ')],
      ...(r.student ? [[t('report.student'), L.person(r.student)]] : []),
      [t('report_sheet.from'), dayCell(r.start)],
      [t('report_sheet.to'), dayCell(r.end)],
      [t('report.ratings'), r.totals.ratings],
      [t('report.points'), r.totals.points],
      [t('report.average'), r.totals.average],
      [t('report.students'), r.totals.students],
      [t('report.whole_class'), r.totals.wholeClassRatings],
      [t('report.at_home'), r.totals.atHome],
    ],
  );
  // The second column mixes names, dates and figures: each cell is formatted for what it holds.
  summary.eachRow((row, n) => {
    const cell = row.getCell(2);
    if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
    else if (typeof cell.value === 'string' && n > 1) cell.numFmt = TEXT_FORMAT;
  });

  const skillRows = r.skills.flatMap((s) => [{ s, a: null }, ...s.actions.map((a) => ({ s, a }))]);
  addSheet(
    wb,
    t('report.sheet_skills'),
    [text(t('report.skill')), text(t('report.action')), num(t('report.ratings')), num(t('report.points')), text(t('report.stage'))],
    skillRows.map(({ s, a }) =>
      a ? [L.named(s), L.named(a), a.ratings, a.points, ''] : [L.named(s), '', s.ratings, s.points, L.stage(s.stage)],
    ),
  ).eachRow((row, n) => {
    // A skill's own row (no action) is bold in the skill's colour, as the screen's table sets it apart.
    const x = skillRows[n - 2];
    if (x && !x.a) row.font = { bold: true, color: { argb: `FF${x.s.colorCode.slice(1).toUpperCase()}` } };
  });

  const rated = r.skills.filter((s) => s.ratings > 0);
  addSheet(
    wb,
    t('report.sheet_students'),
    [
      text(t('report.student')),
      text(t('report.class')),
      num(t('report.ratings')),
      num(t('report.points')),
      num(t('report.whole_class')),
      num(t('report.at_home')),
      ...rated.map((s) => num(L.named(s))),
    ],
    r.students.map((st) => {
      const per = new Map(st.skills.map((x) => [x.learningSkill, x.ratings]));
      const name = className.get(st.teachingClass) ?? '';
      return [
        L.person(st),
        name,
        st.ratings,
        st.points,
        st.wholeClassRatings,
        st.atHome,
        ...rated.map((s) => per.get(s.learningSkill) ?? 0),
      ];
    }),
  );

  addSheet(
    wb,
    t('report.sheet_timeline'),
    [date(t('report_sheet.week_of')), num(t('report.ratings')), num(t('report.points'))],
    r.timeline.map((w) => [dayCell(w.week), w.ratings, w.points]),
  );

  addSheet(
    wb,
    t('report.sheet_media'),
    [date(t('report.date')), text(t('report.skill')), text(t('report.kind')), text(t('report.file'))],
    r.media.map((m) => [
      dayCell(m.date),
      skillName.get(m.learningSkill) ?? '',
      t(KIND[m.media.mediaType] ?? 'report.media_file'),
      m.media.fileOriginalName,
    ]),
  );

  // A report over several classes (a student's years) says which class each rating was in.
  const several = r.teachingClasses.length > 1;
  const whole = t('report_sheet.whole_class');
  addSheet(
    wb,
    RATINGS_SHEET,
    [
      date(t('report.date')),
      ...(several ? [text(t('report.class'))] : []),
      text(t('report.skill')),
      text(t('report.action')),
      num(t('report.points')),
      text(t('report.stage')),
      text(t('report_sheet.students'), true),
      text(t('report_sheet.note'), true),
      text(t('report_sheet.author')),
      text(t('report_sheet.at_home')),
      text(t('report_sheet.attachments'), true),
    ],
    ratings.map((x) => [
      dayCell(x.date),
      ...(several ? [x.className] : []),
      L.named(x.skill),
      L.action(x.action),
      x.points,
      L.stageAt(x.skill.stages, x.points),
      // A student's report names only its student (a family's copy never names other children, DESIGN §6).
      x.isWholeClass ? whole : r.student ? L.person(r.student) : x.students.map(L.person).join('\n'),
      x.description ?? '',
      x.author ? L.person(x.author) : t('report_sheet.former_member'),
      x.source === 'home' ? t('report_sheet.at_home') : '',
      x.files.join('\n'),
    ]),
  );

  if (o.growth) {
    const g = growthTable(L, o.growth);
    addSheet(wb, t('report.sheet_growth'), g.columns, g.rows);
  }

  const zip = o.quick ? { compression: 'DEFLATE', compressionOptions: { level: 1 } } : undefined;
  return Buffer.from(await wb.xlsx.writeBuffer(zip ? ({ zip } as ExcelJS.XlsxWriteOptions) : undefined));
}
