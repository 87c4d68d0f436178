import { GROWTH_RECENT_RATINGS, medianPoints, stageOf } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import type { StoredStage } from '../db/schema';
import { growthFiguresSql, type CountedRating } from './growth-figures.sql';

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

/** Per skill: the standing now, at the range's start, and at the end of each month of the range (DESIGN §12). */
function skillGrowth(skill: SkillHead, ratings: CountedRating[], range: { start: string; end: string }) {
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
  };
}

export type SkillGrowth = ReturnType<typeof skillGrowth>;

/**
 * Growth per skill of groups of places over a range the caller has checked (a student's places over their classes;
 * each place of a class for its report's spreadsheet), read in one statement for all the groups. The caller has
 * decided the user may read these places' growth.
 */
export async function growthOfPlaces(
  db: DbOrTx,
  classIds: number[],
  groups: number[][],
  range: { start: string; end: string },
  /** Skills answered even without a rating (those the student rated themselves on). */
  alsoSkills: number[] = [],
) {
  const ratings = await growthFiguresSql.ratingsOfPlaces(db, classIds, [...new Set(groups.flat())], range.end);
  const skills = await growthFiguresSql.skills(db, classIds, [...new Set([...ratings.map((r) => r.skill), ...alsoSkills])]);
  // By place and skill once, in the statement's (date, id) order: a class of 1,000 places is not scanned per place.
  const cells = new Map<string, CountedRating[]>();
  for (const r of ratings) {
    const key = `${r.place}:${r.skill}`;
    const list = cells.get(key);
    if (list) list.push(r);
    else cells.set(key, [r]);
  }
  const byDate = (a: CountedRating, b: CountedRating) => a.date.localeCompare(b.date) || a.id - b.id;
  return groups.map((places) =>
    skills.map((s) => {
      const own = places.flatMap((place) => cells.get(`${place}:${s.id}`) ?? []);
      return skillGrowth(s, places.length > 1 ? own.sort(byDate) : own, range);
    }),
  );
}
