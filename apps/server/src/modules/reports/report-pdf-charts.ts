import type { Report } from '@skillroom/contract';

type Doc = PDFKit.PDFDocument;
const GRID = '#d9dde3';
const INK = '#1f2933';
const MUTED = '#52606d';

/** Horizontal bars, one per skill in its colour, with the count and points written beside. */
export function skillBars(doc: Doc, skills: (Report['skills'][number] & { label: string })[], x: number, y: number, width: number, labels: { ratings: string; points: string }) {
  const rowH = 22;
  const labelW = Math.min(170, width * 0.35);
  const max = Math.max(1, ...skills.map((s) => s.ratings));
  const barW = width - labelW - 90;
  skills.forEach((s, i) => {
    const top = y + i * rowH;
    doc.fillColor(INK).fontSize(9).text(s.label, x, top + 5, { width: labelW - 8, height: rowH, ellipsis: true, lineBreak: false });
    doc.rect(x + labelW, top + 3, barW, rowH - 8).fill('#f1f3f5');
    if (s.ratings > 0) doc.rect(x + labelW, top + 3, Math.max(2, (barW * s.ratings) / max), rowH - 8).fill(s.colorCode);
    doc.fillColor(MUTED).fontSize(8).text(`${s.ratings} ${labels.ratings} · ${s.points} ${labels.points}`, x + labelW + barW + 6, top + 6, { width: 90, lineBreak: false });
  });
  return y + skills.length * rowH;
}

/** Columns per week with a value axis; week labels are thinned out so they never overlap. */
export function weekColumns(doc: Doc, weeks: Report['timeline'], x: number, y: number, width: number, height: number, color = '#2f6fdf') {
  const axisW = 28;
  const plotW = width - axisW;
  const plotH = height - 18;
  const max = Math.max(1, ...weeks.map((w) => w.ratings));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  doc.lineWidth(0.5);
  for (let v = 0; v <= top; v += step) {
    const ly = y + plotH - (plotH * v) / top;
    doc.moveTo(x + axisW, ly).lineTo(x + width, ly).strokeColor(GRID).stroke();
    doc.fillColor(MUTED).fontSize(7).text(String(v), x, ly - 4, { width: axisW - 4, align: 'right', lineBreak: false });
  }
  const n = Math.max(1, weeks.length);
  const slot = plotW / n;
  const labelEvery = Math.max(1, Math.ceil(40 / slot));
  weeks.forEach((w, i) => {
    const h = (plotH * w.ratings) / top;
    const bx = x + axisW + i * slot + slot * 0.15;
    if (h > 0) doc.rect(bx, y + plotH - h, slot * 0.7, h).fill(color);
    if (i % labelEvery === 0) doc.fillColor(MUTED).fontSize(6.5).text(w.week.slice(5), x + axisW + i * slot - 6, y + plotH + 4, { width: slot * labelEvery, lineBreak: false });
  });
  return y + height;
}
