import { GROWTH_RECENT_RATINGS, medianPoints, stageOf } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import type { StoredStage } from '../db/schema';
import { growthFiguresSql, type CountedRating, type SelfStanding } from './growth-figures.sql';

// A student's growth per skill (DESIGN §12), below the modules: the growth answers and the reports' PDF and workbook
// compute it here, once.

const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The last day of a date's month. */
const monthEnd = (d: string) => {
  const x = new Date(`${d.slice(0, 7)}-01T00:00:00Z`);
  return new Date(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

export type SkillHead = Awaited<ReturnType<typeof growthFiguresSql.skills>>[number];

/** Where points of ratings (oldest first) put a student: the median of the last few, and the stage it reaches. */
export function standingOf(points: number[], stages: StoredStage[]) {
  const median = medianPoints(points.slice(-GROWTH_RECENT_RATINGS));
  return { points: median, stage: stageOf(stages, median) };
}
export type Standing = ReturnType<typeof standingOf>;

/** A self-assessment as the growth figures carry it beside the teachers' standing: its points, the stage they name, its day. */
const selfOf = (x: SelfStanding | undefined, stages: StoredStage[]) =>
  x ? { points: x.points, stage: stageOf(stages, x.points), date: x.date } : null;
export type SelfView = ReturnType<typeof selfOf>;

/**
 * Per skill: the standing now, at the range's start, and at the end of each month of the range (DESIGN §12); beside
 * them, never in them, the student's own newest self-assessment.
 */
function skillGrowth(skill: SkillHead, ratings: CountedRating[], range: { start: string; end: string }, self?: SelfStanding) {
  const upTo = (day: string) => ratings.filter((r) => r.date <= day).map((r) => r.points);
  const months = [];
  for (let from = range.start; from <= range.end; from = addDays(monthEnd(from), 1)) {
    const to = monthEnd(from) < range.end ? monthEnd(from) : range.end;
    const inMonth = ratings.filter((r) => r.date >= from && r.date <= to).length;
    months.push({ month: from.slice(0, 7), ratings: inMonth, ...standingOf(upTo(to), skill.stages) });
  }
  return {
    skill,
    ratings: ratings.length,
    now: standingOf(upTo(range.end), skill.stages),
    atStart: standingOf(upTo(addDays(range.start, -1)), skill.stages),
    months,
    self: selfOf(self, skill.stages),
  };
}

export type SkillGrowth = ReturnType<typeof skillGrowth>;

/**
 * Growth per skill of groups of places over a range the caller has checked (a student's places over their classes;
 * each place of a class for its report's spreadsheet), read in one statement for all the groups, with the newest
 * self-assessment of each group up to the range's end (a skill rated only by the student is answered too). The caller
 * has decided the user may read these places' growth and self-assessments (the same readers: DESIGN §12).
 */
export async function growthOfPlaces(db: DbOrTx, classIds: number[], groups: number[][], range: { start: string; end: string }) {
  const placeIds = [...new Set(groups.flat())];
  const [ratings, selves] = await Promise.all([
    growthFiguresSql.ratingsOfPlaces(db, classIds, placeIds, range.end),
    growthFiguresSql.selves(db, { placeIds }, range.end),
  ]);
  const skills = await growthFiguresSql.skills(db, classIds, [...new Set([...ratings.map((r) => r.skill), ...selves.map((x) => x.skill)])]);
  // By place and skill once, in the statement's (date, id) order: a class of 1,000 places is not scanned per place.
  const cells = new Map<string, CountedRating[]>();
  for (const r of ratings) {
    const key = `${r.place}:${r.skill}`;
    const list = cells.get(key);
    if (list) list.push(r);
    else cells.set(key, [r]);
  }
  const self = new Map(selves.map((x) => [`${x.place}:${x.skill}`, x]));
  const byDate = (a: CountedRating, b: CountedRating) => a.date.localeCompare(b.date) || a.id - b.id;
  return groups.map((places) =>
    skills.map((s) => {
      const own = places.flatMap((place) => cells.get(`${place}:${s.id}`) ?? []);
      // A student over several classes: their newest self-assessment of any of them.
      const newest = places.map((place) => self.get(`${place}:${s.id}`)).reduce((a, b) => (!a || (b && b.id > a.id) ? b : a), undefined);
      return skillGrowth(s, places.length > 1 ? own.sort(byDate) : own, range, newest);
    }),
  );
}

/**
 * A class's grid as it stood on a day (DESIGN §12): per place and skill the counted ratings up to the day and the
 * stage of the last few, and apart from them the student's newest self-assessment. Skills are the class's and any
 * rated or self-assessed in it. The caller has decided the user may read the class's report.
 */
export async function classGrowthGrid(db: DbOrTx, classId: number, end: string) {
  const [grid, selves] = await Promise.all([
    growthFiguresSql.grid(db, classId, end, GROWTH_RECENT_RATINGS),
    growthFiguresSql.selves(db, { classId }, end),
  ]);
  const skills = await growthFiguresSql.skills(db, [classId], [...new Set([...grid.map((g) => g.skill), ...selves.map((x) => x.skill)])]);
  // Newest first from the database; the standing reads them oldest first.
  const cells = new Map(grid.map((g) => [`${g.place}:${g.skill}`, { n: g.n, points: g.points.reverse() }]));
  const self = new Map(selves.map((x) => [`${x.place}:${x.skill}`, x]));
  return {
    end,
    skills,
    /** One student's cell of a skill: the teachers' figures, and the student's own view beside them. */
    cell(place: number, s: SkillHead) {
      const c = cells.get(`${place}:${s.id}`);
      return {
        skill: s,
        ratings: c?.n ?? 0,
        ...standingOf(c?.points ?? [], s.stages),
        self: selfOf(self.get(`${place}:${s.id}`), s.stages),
      };
    },
  };
}
export type ClassGrowthGrid = Awaited<ReturnType<typeof classGrowthGrid>>;
export type GrowthCell = ReturnType<ClassGrowthGrid['cell']>;
