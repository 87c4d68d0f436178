import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { MediaType, type Report } from '@skillroom/contract';
import { reportLabels } from './report-labels';

const KIND: Record<number, string> = {
  [MediaType.RatingPhoto]: 'report.media_photo',
  [MediaType.RatingVideo]: 'report.media_video',
  [MediaType.RatingAudio]: 'report.media_audio',
  [MediaType.RatingFile]: 'report.media_file',
};

/** The report as an xlsx workbook in the user's language: one sheet per view (summary, skills, students, timeline, evidence). */
export async function renderReportSpreadsheet(r: Report, locale: string): Promise<Buffer> {
  const L = reportLabels(locale);
  const { t } = L;
  // Dated to the day it is made, so the same report downloaded twice is the same file: exceljs zips with JSZip,
  // which stamps every entry with the time unless its default date is set.
  const made = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  JSZip.defaults.date = made;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Skillroom';
  wb.created = made;
  wb.modified = made;
  const sheet = (name: string, columns: { header: string; width: number }[]) => {
    const ws = wb.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
    ws.getRow(1).font = { bold: true };
    return ws;
  };
  const className = new Map(r.teachingClasses.map((c) => [c['@id'], c.name]));
  const skillName = new Map(r.skills.map((s) => [s.learningSkill, L.named(s)]));

  const summary = sheet(t('report.sheet_summary'), [
    { header: L.title(r), width: 28 },
    { header: '', width: 40 },
  ]);
  summary.addRows([
    [t('report.school'), r.school?.name ?? ''],
    [t('report.classes'), r.teachingClasses.map((c) => c.name).join(', ')],
    ...(r.student ? [[t('report.student'), L.person(r.student)]] : []),
    [t('report.period'), t('report.range', { start: r.start, end: r.end })],
    [t('report.ratings'), r.totals.ratings],
    [t('report.points'), r.totals.points],
    [t('report.average'), r.totals.average ?? ''],
    [t('report.students'), r.totals.students],
    [t('report.whole_class'), r.totals.wholeClassRatings],
  ]);

  const skills = sheet(t('report.sheet_skills'), [
    { header: t('report.skill'), width: 26 },
    { header: t('report.action'), width: 40 },
    { header: t('report.ratings'), width: 12 },
    { header: t('report.points'), width: 12 },
  ]);
  for (const s of r.skills) {
    const row = skills.addRow([L.named(s), '', s.ratings, s.points]);
    row.font = { bold: true, color: { argb: `FF${s.colorCode.slice(1).toUpperCase()}` } };
    for (const a of s.actions) skills.addRow([L.named(s), L.named(a), a.ratings, a.points]);
  }

  const rated = r.skills.filter((s) => s.ratings > 0);
  const students = sheet(t('report.sheet_students'), [
    { header: t('report.student'), width: 26 },
    { header: t('report.class'), width: 24 },
    { header: t('report.ratings'), width: 12 },
    { header: t('report.points'), width: 12 },
    { header: t('report.whole_class'), width: 14 },
    ...rated.map((s) => ({ header: L.named(s), width: 14 })),
  ]);
  for (const st of r.students) {
    const per = new Map(st.skills.map((x) => [x.learningSkill, x.ratings]));
    students.addRow([L.person(st), className.get(st.teachingClass) ?? '', st.ratings, st.points, st.wholeClassRatings, ...rated.map((s) => per.get(s.learningSkill) ?? 0)]);
  }

  const timeline = sheet(t('report.sheet_timeline'), [
    { header: t('report.week'), width: 14 },
    { header: t('report.ratings'), width: 12 },
    { header: t('report.points'), width: 12 },
  ]);
  for (const w of r.timeline) timeline.addRow([w.week, w.ratings, w.points]);

  const evidence = sheet(t('report.sheet_media'), [
    { header: t('report.date'), width: 14 },
    { header: t('report.skill'), width: 26 },
    { header: t('report.kind'), width: 12 },
    { header: t('report.file'), width: 40 },
  ]);
  for (const m of r.media) evidence.addRow([m.date, skillName.get(m.learningSkill) ?? '', t(KIND[m.media.mediaType] ?? 'report.media_file'), m.media.fileOriginalName]);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
