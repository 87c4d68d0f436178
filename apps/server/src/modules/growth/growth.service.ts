import { type coverageQuery, type growthClassQuery, type growthStudentQuery } from '@skillroom/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { authorize, CLASS_NOT_FOUND, roleMay } from '../../class-access/access-rules';
import { reportsRepository } from '../reports/reports.repository';
import { reportRange } from '../reports/reports.service';
import { growthFiguresSql } from '../../records/growth-figures.sql';
import { classGrowthGrid, growthOfPlaces } from '../../records/growth-figures';
import { growthRepository as repo, today } from './growth.repository';

const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** A class the user may read reports of (its teachers and evaluators); anyone else does not know it (404). */
async function reportedClass(db: DbOrTx, p: Principal, classId: number) {
  const found = await reportsRepository.classWithRole(db, classId, p.userId);
  authorize(p, 'class.report', found);
  return found;
}

export const growthService = {
  /**
   * A Student's growth over the classes the user may see for them (one with teachingClassId), read like their report:
   * their teachers and evaluators, and users linked to them where the link was accepted.
   */
  async forStudent(db: DbOrTx, p: Principal, studentId: number, q: z.output<typeof growthStudentQuery>) {
    const all = await reportsRepository.placesOfStudent(db, studentId, p.userId);
    const seen = q.teachingClassId !== undefined ? all.filter((r) => r.cls.id === q.teachingClassId) : all;
    if (!seen.length) throw notFound(q.teachingClassId !== undefined && all.length ? CLASS_NOT_FOUND : 'Student not found.');
    const range = reportRange(q, seen.map((r) => r.cls.start).sort()[0] ?? null);
    const classIds = seen.map((r) => r.cls.id);
    const placeIds = seen.map((r) => r.place.id);
    // With the student's own view per skill, read from its own table: beside the teachers' stage, never in it (DESIGN §12).
    const [skills] = await growthOfPlaces(db, classIds, [placeIds], range);
    return { range, classes: seen.map((r) => r.cls), person: seen[seen.length - 1]!.place, skills: skills! };
  },

  /**
   * The class grid: students × skills, the standing on `endDate` (default today) and how many ratings count, and
   * apart from them each student's newest self-assessment.
   */
  async forClass(db: DbOrTx, p: Principal, classId: number, q: z.output<typeof growthClassQuery>) {
    await reportedClass(db, p, classId);
    const [grid, places] = await Promise.all([
      classGrowthGrid(db, classId, q.endDate ?? today()),
      reportsRepository.placesOfClass(db, classId),
    ]);
    const students = places.map((place) => ({ place, skills: grid.skills.map((s) => grid.cell(place.id, s)) }));
    return { classId, end: grid.end, skills: grid.skills, students };
  },

  /**
   * Coverage (DESIGN §12): the students not rated within `days` (default the class's `coverageDays`), per skill the
   * students never rated on it within the class's dates, and for the class creator the ratings each teacher gave.
   */
  async coverage(db: DbOrTx, p: Principal, classId: number, q: z.output<typeof coverageQuery>) {
    const { cls, role } = await reportedClass(db, p, classId);
    const days = q.days ?? cls.coverageDays;
    const end = today();
    const since = addDays(end, -(days - 1));
    const termEnd = cls.end < end ? cls.end : end;
    const [last, pairs, places, teachers] = await Promise.all([
      repo.lastRated(db, classId, end),
      repo.ratedPairs(db, classId, cls.start, termEnd),
      reportsRepository.placesOfClass(db, classId),
      roleMay(role, 'class.seeTeacherCoverage') ? repo.teacherCounts(db, classId, since, end) : Promise.resolve(null),
    ]);
    const skills = await growthFiguresSql.skills(db, [classId], []);
    const notObserved = places
      .map((place) => ({ place, lastRated: last.get(place.id) ?? null }))
      .filter((x) => x.lastRated === null || x.lastRated < since)
      // Never rated first, then the longest unobserved.
      .sort((a, b) => (a.lastRated ?? '').localeCompare(b.lastRated ?? ''));
    const covered = new Set(pairs.map((x) => `${x.place ?? '*'}:${x.skill}`));
    const bySkill = skills.map((s) => ({
      skill: s,
      neverRated: covered.has(`*:${s.id}`) ? [] : places.filter((place) => !covered.has(`${place.id}:${s.id}`)),
    }));
    return { classId, days, since, end, notObserved, skills: bySkill, teachers };
  },
};
