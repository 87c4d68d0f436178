import { refToId, type Report } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { classGrowthGrid, growthOfPlaces, type GrowthCell, type SkillGrowth, type SkillHead } from '../../records/growth-figures';

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

/** A class report's growth grid: its skills, and a row per student (the report's order) of a cell per skill. */
export interface ReportClassGrid {
  skills: SkillHead[];
  rows: { person: Report['students'][number]; cells: GrowthCell[] }[];
}

/**
 * The class grid as it stood on a class report's last day (DESIGN §12, as `GET /growth/class/{id}?endDate=` answers
 * it), for the class PDF's summary; null for a student's report. The caller has already decided the user may read it.
 */
export async function reportClassGrid(db: DbOrTx, r: Report): Promise<ReportClassGrid | null> {
  const cls = r.teachingClasses[0];
  if (r.student || !cls) return null;
  const grid = await classGrowthGrid(db, cls.id, r.end);
  const rows = r.students.map((st) => ({ person: st, cells: grid.skills.map((s) => grid.cell(refToId(st.teachingClassStudent)!, s)) }));
  return { skills: grid.skills, rows };
}
