import { refToId, type Report } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { growthOfPlaces, type SkillGrowth } from '../../records/growth-figures';

/** A student's growth as a report prints it: who, and per skill the stage at the start, now and by month. */
export interface ReportGrowth {
  person: { firstName: string; lastName: string | null };
  skills: SkillGrowth[];
}

/**
 * The growth of a report's students over its classes and range (DESIGN §12), computed by the growth service: a
 * student's report is one student over their places, a class's report each of its places. Read in one statement; the
 * caller has already decided the user may read the report.
 */
export async function reportGrowth(db: DbOrTx, r: Report): Promise<ReportGrowth[]> {
  const groups = r.student ? [r.students] : r.students.map((st) => [st]);
  const found = await growthOfPlaces(
    db,
    r.teachingClasses.map((c) => c.id),
    groups.map((g) => g.map((st) => refToId(st.teachingClassStudent)!)),
    { start: r.start, end: r.end },
  );
  return groups.map((g, i) => ({ person: r.student ?? g[0]!, skills: found[i]! }));
}
