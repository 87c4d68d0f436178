import type { Report } from '@skillroom/contract';
import type { ReportLabels } from './report-labels';
import { INK, MUTED, RULE } from './report-pdf-page';

type Doc = PDFKit.PDFDocument;

/** Horizontal bars, one per skill in its colour, with the counts worded beside; long names wrap and the row grows. */
type Bar = Report['skills'][number] & { label: string };

export function skillBars(doc: Doc, L: ReportLabels, skills: Bar[], x: number, y: number, width: number) {
  const labelW = Math.min(150, width * 0.3);
  const countW = 120;
  const max = Math.max(1, ...skills.map((s) => s.ratings));
  const barW = width - labelW - countW;
  let top = y;
  for (const s of skills) {
    const counts = `${L.ratings(s.ratings)} · ${L.points(s.points)}`;
    doc.fontSize(9);
    const nameH = doc.heightOfString(s.label, { width: labelW - 8 });
    doc.fontSize(8);
    const rowH = Math.max(20, nameH + 8, doc.heightOfString(counts, { width: countW - 6 }) + 8);
    doc
      .fillColor(INK)
      .fontSize(9)
      .text(s.label, x, top + 5, { width: labelW - 8 });
    doc.rect(x + labelW, top + 3, barW, 14).fill('#f1f3f5');
    if (s.ratings > 0) doc.rect(x + labelW, top + 3, Math.max(2, (barW * s.ratings) / max), 14).fill(s.colorCode);
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(counts, x + labelW + barW + 6, top + 6, { width: countW - 6 });
    top += rowH;
  }
  return top;
}

/** The height skillBars will take, to keep the chart on one page. */
export function skillBarsHeight(doc: Doc, L: ReportLabels, skills: { label: string; ratings: number; points: number }[], width: number) {
  const labelW = Math.min(150, width * 0.3);
  return skills.reduce((h, s) => {
    doc.fontSize(9);
    const nameH = doc.heightOfString(s.label, { width: labelW - 8 });
    doc.fontSize(8);
    return h + Math.max(20, nameH + 8, doc.heightOfString(`${L.ratings(s.ratings)} · ${L.points(s.points)}`, { width: 114 }) + 8);
  }, 0);
}

/** Columns per week with a value axis; each week is labelled dd/MM/yyyy by its Monday, thinned out so none overlap. */
export function weekColumns(doc: Doc, L: ReportLabels, weeks: Report['timeline'], x: number, y: number, width: number, height: number) {
  const axisW = 28;
  const plotW = width - axisW;
  const plotH = height - 18;
  const max = Math.max(1, ...weeks.map((w) => w.ratings));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  doc.lineWidth(0.5);
  for (let v = 0; v <= top; v += step) {
    const ly = y + plotH - (plotH * v) / top;
    doc
      .moveTo(x + axisW, ly)
      .lineTo(x + width, ly)
      .strokeColor(RULE)
      .stroke();
    doc
      .fillColor(MUTED)
      .fontSize(7)
      .text(String(v), x, ly - 4, { width: axisW - 4, align: 'right', lineBreak: false });
  }
  const n = Math.max(1, weeks.length);
  const slot = plotW / n;
  doc.fontSize(6.5);
  const labelW = doc.widthOfString('00/00/0000') + 6;
  const labelEvery = Math.max(1, Math.ceil(labelW / slot));
  weeks.forEach((w, i) => {
    const h = (plotH * w.ratings) / top;
    const bx = x + axisW + i * slot + slot * 0.15;
    if (h > 0) doc.rect(bx, y + plotH - h, slot * 0.7, h).fill('#2f6fdf');
    if (i % labelEvery === 0 && x + axisW + i * slot + labelW <= x + width + 4)
      doc
        .fillColor(MUTED)
        .fontSize(6.5)
        .text(L.date(w.week), x + axisW + i * slot, y + plotH + 4, { width: labelW, lineBreak: false });
  });
  doc
    .fillColor(MUTED)
    .fontSize(7.5)
    .text(L.t('report_pdf.week_axis'), x, y + height + 2, { width });
  return doc.y;
}
