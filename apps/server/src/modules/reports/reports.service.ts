import {
  inNameOrder,
  REPORT_DEFAULT_DAYS,
  REPORT_MESSAGES,
  REPORT_RECENT_MEDIA,
  REPORT_SKILL_AS_WHOLE,
  reportRangeProblem,
  stageOf,
  type Report,
  type ReportAction,
  type ReportSkill,
  type ReportStudent,
  type reportQuery,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import { iri } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { presentMedia } from '../media/media.presenter';
import { presentStages } from '../learning-skills/learning-skills.presenter';
import { CLASS_NOT_FOUND } from '../../class-access/class-roles';
import { authorize } from '../../class-access/access-rules';
import { reportRatingsRepository } from './report-ratings.repository';
import { reportsRepository as repo, type Figures, type ReportRows } from './reports.repository';

type Query = z.output<typeof reportQuery>;
type PlaceRow = Awaited<ReturnType<typeof repo.placesOfClass>>[number];
type StudentPlaceRow = Awaited<ReturnType<typeof repo.placesOfStudent>>[number];
type ClassRow = NonNullable<Awaited<ReturnType<typeof repo.classWithRole>>>['cls'];
type School = { id: number; name: string } | null;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const fig = (f: Figures | undefined) => ({ ratings: Number(f?.n ?? 0), points: Number(f?.p ?? 0) });
const add = (a: { ratings: number; points: number }, b: { ratings: number; points: number }) => ({
  ratings: a.ratings + b.ratings,
  points: a.points + b.points,
});

/**
 * The range of a report (DESIGN §3): by default from the class's start (the earliest, for several) to today,
 * or the last 30 days when there is no start; one bound alone keeps a sensible other one. Two given bounds were
 * checked by the query's schema; a range made with a default is checked here, naming the bound that was given
 * (the one the person can change), by the same rule (DESIGN §9).
 */
export function reportRange(q: Pick<Query, 'startDate' | 'endDate'>, classStart: string | null, now = today()) {
  const end = q.endDate ?? (q.startDate && q.startDate > now ? q.startDate : now);
  const fallback = classStart && classStart <= end ? classStart : addDays(end, -REPORT_DEFAULT_DAYS);
  const start = q.startDate ?? fallback;
  const problem = reportRangeProblem(start, end);
  if (problem) throw violation(q.startDate && !q.endDate ? 'startDate' : 'endDate', REPORT_MESSAGES[problem]);
  return { start, end };
}

/** Every Monday from the range's first week to its last, with the weeks that have ratings filled in. */
function timeline(weeks: ReportRows['weeks'], start: string, end: string) {
  const monday = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
  const have = new Map(weeks.map((w) => [w.w, fig(w)]));
  const out = [];
  for (let w = monday(start); w <= end; w = addDays(w, 7)) out.push({ week: w, ...(have.get(w) ?? { ratings: 0, points: 0 }) });
  return out;
}

interface Assembly {
  kind: 'ClassReport' | 'StudentReport';
  classes: ClassRow[];
  school: School;
  places: PlaceRow[];
  student: Report['student'];
  range: { start: string; end: string };
  rows: ReportRows;
}

/** A report's skills by classes and rated skills: a run of many reports over one class (an export) reads them once. */
export type SkillsMemo = Map<string, ReturnType<typeof repo.skills>>;

/** The figures of a range without any rating: what a report of a student nobody has rated yet is made of. */
export const NO_RATINGS: ReportRows = {
  totals: { n: 0, p: 0, whole: 0, named: 0, home: 0 },
  actions: [],
  weeks: [],
  named: [],
  whole: [],
  media: [],
};

function skillsOf(db: DbOrTx, classIds: number[], rated: number[], memo?: SkillsMemo) {
  if (!memo) return repo.skills(db, classIds, rated);
  const key = `${classIds.join(',')}|${[...rated].sort((x, y) => x - y).join(',')}`;
  let found = memo.get(key);
  if (!found) memo.set(key, (found = repo.skills(db, classIds, rated)));
  return found;
}

async function assemble(db: DbOrTx, signer: UrlSigner, a: Assembly, memo?: SkillsMemo): Promise<Report> {
  const { rows, range } = a;
  const rated = [...new Set(rows.actions.map((x) => x.s))];
  const { skillRows, actions } = await skillsOf(
    db,
    a.classes.map((c) => c.id),
    rated,
    memo,
  );
  const byAction = new Map(rows.actions.filter((x) => x.a !== null).map((x) => [x.a, fig(x)]));
  // Ratings of a skill with no action count under the skill, in a row of their own after its actions.
  const wholeSkill = new Map(rows.actions.filter((x) => x.a === null).map((x) => [x.s, fig(x)]));
  const skills: ReportSkill[] = skillRows.map(({ skill, icon }) => {
    const acts: ReportAction[] = actions
      .filter((x) => x.learningSkillId === skill.id)
      .map((x) => ({
        learningAction: iri('learning-action', x.id),
        name: x.name,
        translationKey: x.translationKey,
        ...(byAction.get(x.id) ?? { ratings: 0, points: 0 }),
      }));
    const asWhole = wholeSkill.get(skill.id);
    if (asWhole) acts.push({ learningAction: null, ...REPORT_SKILL_AS_WHOLE, ...asWhole });
    const total = acts.reduce(add, { ratings: 0, points: 0 });
    const average = total.ratings ? Math.round((total.points / total.ratings) * 100) / 100 : null;
    const stage = stageOf(skill.stages, average);
    return {
      learningSkill: iri('learning-skill', skill.id),
      name: skill.name,
      translationKey: skill.translationKey,
      colorCode: skill.colorCode,
      icon: icon ? presentMedia(icon, signer).url : null,
      ...total,
      average,
      // English with its key: the screen, the PDF and the workbook name it in their reader's language.
      stage: stage ? presentStages([stage])[0]! : null,
      actions: acts,
    };
  });
  const whole = new Map<number, Map<number, { ratings: number; points: number }>>();
  for (const x of rows.whole) whole.set(x.c, (whole.get(x.c) ?? new Map()).set(x.s, fig(x)));
  const named = new Map<number, Map<number, { ratings: number; points: number }>>();
  for (const x of rows.named) named.set(x.place, (named.get(x.place) ?? new Map()).set(x.s, fig(x)));
  // A home rating names one child: it is among the place's own ratings (DESIGN §11, counted apart: "at home").
  const home = new Map<number, number>();
  for (const x of rows.named) home.set(x.place, (home.get(x.place) ?? 0) + Number(x.h ?? 0));
  const students: ReportStudent[] = a.places.map((p) => {
    const own = named.get(p.id) ?? new Map();
    const cls = whole.get(p.teachingClassId) ?? new Map();
    const skillFigures = skillRows
      .map(({ skill }) => ({
        learningSkill: iri('learning-skill', skill.id),
        ...add(own.get(skill.id) ?? { ratings: 0, points: 0 }, cls.get(skill.id) ?? { ratings: 0, points: 0 }),
      }))
      .filter((x) => x.ratings > 0);
    const wholeCount = [...cls.values()].reduce((n, f) => n + f.ratings, 0);
    const atHome = home.get(p.id) ?? 0;
    return {
      teachingClassStudent: iri('teaching-class-student', p.id),
      student: iri('student', p.studentId),
      teachingClass: iri('teaching-class', p.teachingClassId),
      firstName: p.firstName,
      lastName: p.lastName,
      ...skillFigures.reduce(add, { ratings: 0, points: 0 }),
      wholeClassRatings: wholeCount,
      atHome,
      skills: skillFigures,
    };
  });
  const totals = fig(rows.totals);
  const counted =
    a.kind === 'StudentReport' ? (totals.ratings > 0 ? 1 : 0) : Number(rows.totals.whole) > 0 ? a.places.length : Number(rows.totals.named);
  return {
    '@type': a.kind,
    start: range.start,
    end: range.end,
    school: a.school ? { '@id': iri('school', a.school.id), id: a.school.id, name: a.school.name } : null,
    teachingClasses: a.classes.map((c) => ({ '@id': iri('teaching-class', c.id), id: c.id, name: c.name, start: c.start, end: c.end })),
    student: a.student,
    totals: {
      ...totals,
      students: counted,
      wholeClassRatings: Number(rows.totals.whole),
      atHome: Number(rows.totals.home ?? 0),
      average: totals.ratings ? Math.round((totals.points / totals.ratings) * 100) / 100 : null,
    },
    skills,
    students,
    timeline: timeline(rows.weeks, range.start, range.end),
    media: rows.media.map((m) => ({
      rating: iri('rating', m.rating),
      date: m.date,
      learningSkill: iri('learning-skill', m.s),
      isWholeClass: m.whole,
      media: presentMedia(m.media, signer),
    })),
  };
}

export const reportsService = {
  /**
   * A report's ratings one by one (the spreadsheet's "Ratings" sheet, DESIGN §9), over the report's own classes,
   * range and student: whoever was given the report may read its ratings, and no others.
   */
  ratings: (db: DbOrTx, r: Report) =>
    reportRatingsRepository.list(db, {
      classIds: r.teachingClasses.map((c) => c.id),
      start: r.start,
      end: r.end,
      studentId: r.student?.id,
    }),

  /** A class's report, for its creator, co-teachers and evaluators; no one else knows the class (404). */
  async forClass(db: DbOrTx, signer: UrlSigner, p: Principal, classId: number, q: Query): Promise<Report> {
    const found = await repo.classWithRole(db, classId, p.userId);
    authorize(p, 'class.report', found);
    const range = reportRange(q, found.cls.start);
    const [rows, places] = await Promise.all([
      repo.figures(db, { classIds: [classId], ...range, recentMedia: REPORT_RECENT_MEDIA }),
      repo.placesOfClass(db, classId),
    ]);
    return assemble(db, signer, {
      kind: 'ClassReport',
      classes: [found.cls],
      school: found.school?.id ? found.school : null,
      places,
      student: null,
      range,
      rows,
    });
  },

  /**
   * A Student's report over the classes the user may see for them (one with teachingClassId): their teachers and
   * evaluators, and users linked to them. A student the user may not see is unknown (404).
   */
  async forStudent(db: DbOrTx, signer: UrlSigner, p: Principal, studentId: number, q: Query): Promise<Report> {
    const all = await repo.placesOfStudent(db, studentId, p.userId);
    const seen = q.teachingClassId !== undefined ? all.filter((r) => r.cls.id === q.teachingClassId) : all;
    if (!seen.length) throw notFound(q.teachingClassId !== undefined && all.length ? CLASS_NOT_FOUND : 'Student not found.');
    return reportsService.ofPlaces(db, signer, studentId, seen, q);
  },

  /**
   * A Student's report over the given places, which the caller has decided the user may see (the export's classes).
   * A caller that knows the student has no rating in the range passes `known.rows` (`NO_RATINGS`), and one making
   * many reports over the same classes a `known.skills` memo: a class export then reads nothing per unrated student.
   */
  async ofPlaces(
    db: DbOrTx,
    signer: UrlSigner,
    studentId: number,
    seen: Pick<StudentPlaceRow, 'place' | 'cls' | 'school'>[],
    q: Pick<Query, 'startDate' | 'endDate'>,
    known: { rows?: ReportRows; skills?: SkillsMemo } = {},
  ): Promise<Report> {
    const starts = seen.map((r) => r.cls.start).sort();
    const range = reportRange(q, starts[0] ?? null);
    const classIds = seen.map((r) => r.cls.id);
    const rows = known.rows ?? (await repo.figures(db, { classIds, ...range, studentId, recentMedia: REPORT_RECENT_MEDIA }));
    const first = seen[seen.length - 1]!;
    const person = first.place;
    return assemble(
      db,
      signer,
      {
        kind: 'StudentReport',
        classes: seen.map((r) => r.cls),
        school: first.school?.id ? first.school : null,
        places: seen.map((r) => r.place),
        student: { '@id': iri('student', studentId), id: studentId, firstName: person.firstName, lastName: person.lastName },
        range,
        rows,
      },
      known.skills,
    );
  },
};

/** A report's students in the reader's name order (issue 36 §5), as its PDF and spreadsheet list them. */
export const inReadersOrder = (r: Report, locale: string): Report => ({ ...r, students: inNameOrder(r.students, locale) });
