import type { Report } from '@skillroom/contract';
import { skillBars, skillBarsHeight, weekColumns } from './report-pdf-charts';
import { INK, MUTED, type Pdf } from './report-pdf-page';
import { drawTable } from './report-pdf-table';

/**
 * A report's summary: title, school, classes, range, four totals, a chart per skill and per week; with `tables`, the
 * skills and actions and the students by skill. A student's part of a class PDF is the same without the tables.
 */
export async function drawSummary(p: Pdf, r: Report, o: { title: string; tables: boolean }) {
  const { doc, L } = p;
  const { t } = L;
  const W = p.width;
  doc.fillColor(INK).fontSize(18).text(o.title, p.x, doc.y, { width: W });
  doc.moveDown(0.3).fontSize(10).fillColor(MUTED);
  if (r.school) doc.text(`${t('report.school')}: ${r.school.name}`, { width: W });
  const classes = r.teachingClasses.map((c) => c.name).join(', ');
  doc.text(`${r.teachingClasses.length > 1 ? t('report.classes') : t('report.class')}: ${classes}`, { width: W });
  doc.text(`${t('report.period')}: ${t('report.range', { start: L.date(r.start), end: L.date(r.end) })}`, { width: W });
  doc.text(t('report.generated', { date: L.date(new Date().toISOString()) }), { width: W });

  const boxes: [string, string][] = [
    [t('report.ratings'), L.number(r.totals.ratings)],
    [t('report.points'), L.number(r.totals.points)],
    [t('report.average'), r.totals.average === null ? '–' : L.number(r.totals.average)],
    [r.student ? t('report.whole_class') : t('report.students'), L.number(r.student ? r.totals.wholeClassRatings : r.totals.students)],
  ];
  const bw = (W - 3 * 10) / 4;
  doc.fontSize(8.5);
  // Labels wrap inside their box (never cut), so the boxes take the height of the longest.
  const labelH = Math.max(...boxes.map(([label]) => doc.heightOfString(label, { width: bw - 20 })));
  const bh = 38 + labelH;
  p.room(bh + 24);
  const by = doc.y + 12;
  boxes.forEach(([label, value], i) => {
    const bx = p.x + i * (bw + 10);
    doc.roundedRect(bx, by, bw, bh, 6).fill('#f1f5f9');
    doc
      .fillColor(INK)
      .fontSize(18)
      .text(value, bx + 10, by + 8, { width: bw - 20, lineBreak: false });
    doc
      .fillColor(MUTED)
      .fontSize(8.5)
      .text(label, bx + 10, by + 33, { width: bw - 20 });
  });
  doc.y = by + bh + 12;
  doc.x = p.x;

  if (r.totals.ratings === 0)
    doc
      .fillColor(MUTED)
      .fontSize(11)
      .text(t('report.no_ratings'), p.x, doc.y + 4, { width: W });

  // Only what was rated (issue 36 §14): a class's skill list printed with its zeros took a student's first two pages.
  const skills = r.skills.filter((s) => s.ratings > 0).map((s) => ({ ...s, label: L.named(s) }));
  if (skills.length) {
    const barsH = skillBarsHeight(doc, L, skills, W);
    p.heading(t('report.by_skill'), Math.min(barsH, p.bottom() - 120));
    doc.y = skillBars(doc, L, skills, p.x, doc.y, W) + 6;
    p.heading(t('report.over_time'), 165);
    doc.y = weekColumns(doc, L, r.timeline, p.x, doc.y, W, 130) + 6;
  }
  if (!o.tables) return;

  const rows = skills.flatMap((s) => [
    { cells: [s.label, L.number(s.ratings), L.number(s.points), L.stage(s.stage)], color: s.colorCode },
    ...s.actions
      .filter((a) => a.ratings > 0)
      .map((a) => ({ cells: [L.named(a), L.number(a.ratings), L.number(a.points), ''], indent: 12 })),
  ]);
  if (rows.length)
    await drawTable(
      p,
      `${t('report.skill')} / ${t('report.action')}`,
      [{ header: '' }, { header: t('report.ratings') }, { header: t('report.points') }, { header: t('report.stage') }],
      rows,
    );

  // Students by skill: ratings per skill for each rated student (for a student, per class); headers wrap, never cut.
  // A class's unrated students follow in one list rather than as rows of zeros (or, further on, pages of their own).
  const rated = r.students.filter((st) => st.ratings > 0);
  if (rated.length) await studentsBySkill(p, r, skills, rated);
  const unrated = r.student ? [] : r.students.filter((st) => st.ratings === 0);
  if (unrated.length) {
    const names = L.list(unrated.map((st) => L.person(st)));
    // Kept whole with its heading when it fits a page (a class of 1,000 unrated flows on).
    p.heading(t('report_pdf.unrated'), Math.min(doc.fontSize(9.5).heightOfString(names, { width: W }), 300));
    doc.fillColor(INK).fontSize(9.5).text(names, p.x, doc.y, { width: W });
  }
}

type Shown = Report['skills'][number] & { label: string };

async function studentsBySkill(p: Pdf, r: Report, shown: Shown[], students: Report['students']) {
  const { L } = p;
  const { t } = L;
  const className = new Map(r.teachingClasses.map((c) => [c['@id'], c.name]));
  const cols = [
    { header: r.student ? t('report.class') : t('report.student'), align: 'left' as const },
    ...shown.map((s) => ({ header: s.label, color: s.colorCode })),
    { header: t('report.total') },
  ];
  const table = students.map((st) => {
    const per = new Map(st.skills.map((x) => [x.learningSkill, x.ratings]));
    const name = r.student ? (className.get(st.teachingClass) ?? '') : L.person(st);
    return { cells: [name, ...shown.map((s) => L.number(per.get(s.learningSkill) ?? 0)), L.number(st.ratings)] };
  });
  await drawTable(p, r.student ? t('report.classes') : t('report.students_by_skill'), cols, table);
}
