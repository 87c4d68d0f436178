import type { ReportGrowth } from './report-growth.service';
import type { ReportLabels } from './report-labels';

/**
 * The sheet "Growth" (DESIGN §12): a row per student and rated skill with the stage at the range's start and now (and
 * the median points they stand for), then a column per month of the range naming the stage reached by its end. The
 * figures are the growth service's; a skill a student was never rated on up to the range's end has no row.
 */
export function growthTable(L: ReportLabels, growth: ReportGrowth[]) {
  const { t } = L;
  const months = growth.flatMap((g) => g.skills)[0]?.months.map((m) => m.month) ?? [];
  const text = (header: string) => ({ header, kind: 'text' as const });
  const num = (header: string) => ({ header, kind: 'number' as const });
  const columns = [
    text(t('report.student')),
    text(t('report.skill')),
    num(t('report.ratings')),
    text(t('report.stage_at_start')),
    num(t('report.points_at_start')),
    text(t('report.stage_now')),
    num(t('report.points_now')),
    ...months.map((m) => text(L.month(m))),
  ];
  const rows = growth.flatMap((g) =>
    g.skills
      .filter((s) => s.ratings > 0)
      .map((s) => [
        L.person(g.person),
        L.named(s.skill),
        s.ratings,
        L.stored(s.atStart.stage),
        s.atStart.points,
        L.stored(s.now.stage),
        s.now.points,
        ...s.months.map((m) => L.stored(m.stage)),
      ]),
  );
  return { columns, rows };
}
