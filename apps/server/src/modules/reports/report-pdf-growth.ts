import type { SkillGrowth } from '../../records/growth-figures';
import { INK, MUTED, RULE, type Pdf } from './report-pdf-page';

const LABEL_W = 170;
const STAGE_W = 84;
const PLOT_H = 48;
const MONTH_H = 12;
/** A stage's name at this size at most; a longer one is set smaller to fit its column, never cut (DESIGN §9). */
const STAGE_SIZE = 6.5;

/**
 * A student's growth (DESIGN §12), the growth service's figures: per rated skill, the stage at the range's start and
 * now beside a bar per month up to the stage reached by its end, against lines at the skill's stages.
 */
export function drawGrowth(p: Pdf, skills: SkillGrowth[]) {
  // A skill the student rated themself on alone shows their view beside an empty chart (DESIGN §12).
  const shown = skills.filter((s) => s.ratings > 0 || s.self);
  if (!shown.length) return;
  const { doc, L } = p;
  p.heading(L.t('report.growth'), rowHeight(p, shown[0]!) + 20);
  const note = shown.some((s) => s.self) ? `${L.t('report.growth_note')} ${L.t('report.self_note')}` : L.t('report.growth_note');
  doc.fillColor(MUTED).fontSize(8).text(note, p.x, doc.y, { width: p.width });
  doc.y += 6;
  for (const s of shown) {
    const h = rowHeight(p, s);
    p.room(h);
    const top = doc.y;
    drawSkill(p, s, top);
    // The texts moved the cursor: the next row starts below this one's whole height.
    doc.y = top + h;
    doc.x = p.x;
  }
}

/**
 * The texts at the left of a skill's row: its name, then the stage at the start and now, and apart from them (its own
 * line, after the count of the ratings that made them) the student's own newest self-assessment with its day.
 */
function lefts(p: Pdf, s: SkillGrowth) {
  const { L } = p;
  const name = L.named(s.skill);
  const start = `${L.t('report.stage_at_start')}: ${L.stored(s.atStart.stage) || '–'}`;
  let now = `${L.t('report.stage_now')}: ${L.stored(s.now.stage) || '–'} · ${L.ratings(s.ratings)}`;
  if (s.self) now += `\n${L.t('report.self_stage', { stage: L.stored(s.self.stage) || L.number(s.self.points) })} · ${L.date(s.self.date)}`;
  return { name, start, now };
}

function rowHeight(p: Pdf, s: SkillGrowth) {
  const { doc } = p;
  const { name, start, now } = lefts(p, s);
  const w = LABEL_W - 14;
  const text = doc.fontSize(9).heightOfString(name, { width: w }) + doc.fontSize(8).heightOfString(`${start}\n${now}`, { width: w }) + 4;
  return Math.max(text, PLOT_H + MONTH_H + 4) + 12;
}

function drawSkill(p: Pdf, s: SkillGrowth, top: number) {
  const { doc, L } = p;
  const { name, start, now } = lefts(p, s);
  const w = LABEL_W - 14;
  doc.rect(p.x, top + 2, 3, rowHeight(p, s) - 16).fill(s.skill.colorCode);
  doc
    .fillColor(INK)
    .fontSize(9)
    .text(name, p.x + 10, top, { width: w });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(`${start}\n${now}`, p.x + 10, doc.y + 2, { width: w });

  const stages = s.skill.stages;
  const max = Math.max(1, ...stages.map((x) => x.points), ...s.months.map((m) => m.points ?? 0));
  const plotX = p.x + LABEL_W + STAGE_W;
  const plotW = p.width - LABEL_W - STAGE_W;
  const y0 = top + 4 + PLOT_H;
  const at = (points: number) => y0 - (PLOT_H * points) / max;
  doc.lineWidth(0.5);
  for (const x of stages) {
    const label = L.stored(x);
    doc.fontSize(STAGE_SIZE);
    const size = Math.min(STAGE_SIZE, (STAGE_SIZE * (STAGE_W - 6)) / Math.max(1, doc.widthOfString(label)));
    doc
      .moveTo(plotX, at(x.points))
      .lineTo(plotX + plotW, at(x.points))
      .strokeColor(RULE)
      .stroke();
    doc
      .fillColor(MUTED)
      .fontSize(size)
      .text(label, p.x + LABEL_W, at(x.points) - size / 2 - 1, { width: STAGE_W - 6, align: 'right', lineBreak: false });
  }
  const n = Math.max(1, s.months.length);
  const slot = plotW / n;
  const barW = Math.min(28, slot * 0.6);
  doc.fontSize(6);
  const labelW = doc.widthOfString('00/0000') + 4;
  const every = Math.max(1, Math.ceil(labelW / slot));
  s.months.forEach((m, i) => {
    const cx = plotX + i * slot + slot / 2;
    if (m.points !== null) doc.rect(cx - barW / 2, at(m.points), barW, y0 - at(m.points)).fill(s.skill.colorCode);
    if (i % every === 0)
      doc
        .fillColor(MUTED)
        .fontSize(6)
        .text(L.month(m.month), cx - labelW / 2, y0 + 3, { width: labelW, align: 'center', lineBreak: false });
  });
}
