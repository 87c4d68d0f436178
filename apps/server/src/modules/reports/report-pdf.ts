import PDFDocument from 'pdfkit';
import type { Report } from '@skillroom/contract';
import { reportFont } from './report-fonts';
import { reportLabels } from './report-labels';
import { skillBars, weekColumns } from './report-pdf-charts';

const INK = '#1f2933';
const MUTED = '#52606d';
const M = 50;

/** The report as an A4 PDF in the user's language: school, class, range, totals, a chart per skill and over time, tables. */
export async function renderReportPdf(r: Report, locale: string): Promise<Buffer> {
  const font = reportFont();
  // Without a Chinese font the texts fall back to English rather than print boxes.
  const L = reportLabels(locale === 'zh-HK' && !font?.cjk ? 'en' : locale);
  const { t } = L;
  // Dated to the day it is made (as its text says), so the same report downloaded twice is the same file.
  const made = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: M, bufferPages: true, info: { Title: L.title(r), Creator: 'Skillroom', CreationDate: made }, lang: L.locale });
  if (font) {
    doc.registerFont('Body', font.data, font.family as string);
    doc.font('Body');
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const W = doc.page.width - 2 * M;
  const bottom = () => doc.page.height - M - 20;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    room(60);
    doc.moveDown(0.8).fillColor(INK).fontSize(13).text(text, M, doc.y);
    doc.moveDown(0.3);
  };

  doc.fillColor(INK).fontSize(18).text(L.title(r), M, M, { width: W });
  doc.moveDown(0.3).fontSize(10).fillColor(MUTED);
  if (r.school) doc.text(`${t('report.school')}: ${r.school.name}`);
  doc.text(`${r.teachingClasses.length > 1 ? t('report.classes') : t('report.class')}: ${r.teachingClasses.map((c) => c.name).join(', ')}`);
  doc.text(`${t('report.period')}: ${t('report.range', { start: r.start, end: r.end })}`);
  doc.text(t('report.generated', { date: new Date().toISOString().slice(0, 10) }));

  // Totals as four boxes.
  const boxes: [string, string][] = [
    [t('report.ratings'), String(r.totals.ratings)],
    [t('report.points'), String(r.totals.points)],
    [t('report.average'), r.totals.average === null ? '–' : r.totals.average.toFixed(2)],
    [r.student ? t('report.whole_class') : t('report.students'), String(r.student ? r.totals.wholeClassRatings : r.totals.students)],
  ];
  const by = doc.y + 12;
  const bw = (W - 3 * 10) / 4;
  boxes.forEach(([label, value], i) => {
    const bx = M + i * (bw + 10);
    doc.roundedRect(bx, by, bw, 52, 6).fill('#f1f5f9');
    doc.fillColor(INK).fontSize(18).text(value, bx + 10, by + 8, { width: bw - 20, lineBreak: false });
    doc.fillColor(MUTED).fontSize(8.5).text(label, bx + 10, by + 33, { width: bw - 20, lineBreak: false, ellipsis: true });
  });
  doc.y = by + 64;

  if (r.totals.ratings === 0) doc.fillColor(MUTED).fontSize(11).text(t('report.no_ratings'), M, doc.y + 10);

  const skills = r.skills.map((s) => ({ ...s, label: L.named(s) }));
  heading(t('report.by_skill'));
  room(skills.length * 22 + 10);
  doc.y = skillBars(doc, skills, M, doc.y, W, { ratings: t('report.ratings').toLowerCase(), points: t('report.points').toLowerCase() }) + 6;

  heading(t('report.over_time'));
  room(150);
  doc.y = weekColumns(doc, r.timeline, M, doc.y, W, 140) + 6;

  // Skills and their actions.
  heading(`${t('report.skill')} / ${t('report.action')}`);
  const cols = [W - 140, 70, 70];
  const row = (cells: string[], o: { bold?: boolean; indent?: number; color?: string } = {}) => {
    room(16);
    const y = doc.y;
    let x = M;
    cells.forEach((c, i) => {
      doc.fillColor(o.color ?? INK).fontSize(o.bold ? 9.5 : 9).text(c, x + (i === 0 ? (o.indent ?? 0) : 0), y, { width: cols[i]! - (i === 0 ? (o.indent ?? 0) : 0) - 4, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
      x += cols[i]!;
    });
    doc.y = y + 15;
  };
  row(['', t('report.ratings'), t('report.points')], { color: MUTED });
  for (const s of skills) {
    row([s.label, String(s.ratings), String(s.points)], { bold: true, color: s.colorCode });
    for (const a of s.actions) row([L.named(a), String(a.ratings), String(a.points)], { indent: 12 });
  }

  // Students by skill: ratings per skill for each student.
  if (r.students.length) {
    heading(r.student ? t('report.classes') : t('report.students_by_skill'));
    const shown = skills.filter((s) => s.ratings > 0).slice(0, 10);
    const nameW = Math.max(120, W - (shown.length + 1) * 40);
    const cw = (W - nameW) / (shown.length + 1);
    const line = (cells: string[], colors: (string | undefined)[] = []) => {
      room(16);
      const y = doc.y;
      cells.forEach((c, i) => {
        const x = i === 0 ? M : M + nameW + (i - 1) * cw;
        doc.fillColor(colors[i] ?? INK).fontSize(8.5).text(c, x, y, { width: (i === 0 ? nameW : cw) - 4, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
      });
      doc.y = y + 15;
    };
    line(['', ...shown.map((s) => s.label.slice(0, 6)), t('report.total')], [MUTED, ...shown.map((s) => s.colorCode), MUTED]);
    const className = new Map(r.teachingClasses.map((c) => [c['@id'], c.name]));
    for (const st of r.students) {
      const per = new Map(st.skills.map((x) => [x.learningSkill, x.ratings]));
      const name = r.student ? (className.get(st.teachingClass) ?? '') : L.person(st);
      line([name, ...shown.map((s) => String(per.get(s.learningSkill) ?? 0)), String(st.ratings)]);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).fontSize(8).text(t('report.page', { n: i + 1, total: range.count }), M, doc.page.height - M + 10, { width: W, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
