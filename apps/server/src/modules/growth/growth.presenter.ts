import type { ClassCoverage, ClassGrowth, GrowthStanding, StudentGrowth } from '@skillroom/contract';
import { iri } from '../../http/hydra';
import { presentStages, type Translate } from '../learning-skills/learning-skills.presenter';
import type { SelfView, SkillHead, Standing } from '../../records/growth-figures';
import type { growthService } from './growth.service';

type Place = { id: number; studentId: number; firstName: string; lastName: string | null };
type Of<K extends keyof typeof growthService> = Awaited<ReturnType<(typeof growthService)[K]>>;

const person = (p: Place) => ({
  teachingClassStudent: iri('teaching-class-student', p.id),
  student: iri('student', p.studentId),
  firstName: p.firstName,
  lastName: p.lastName,
});

/** A standing with its stage in the reader's language. */
const standing = (s: Standing, t: Translate): GrowthStanding => ({
  points: s.points,
  stage: s.stage ? presentStages([s.stage], t)[0]! : null,
});

/** The student's own view beside the teachers' (DESIGN §12): its points, the stage they name, its day. */
const selfView = (x: SelfView, t: Translate) =>
  x && { points: x.points, stage: x.stage ? presentStages([x.stage], t)[0]! : null, date: x.date };

const head = (s: SkillHead, t: Translate) => ({
  learningSkill: iri('learning-skill', s.id),
  name: s.name,
  translationKey: s.translationKey,
  colorCode: s.colorCode,
  stages: presentStages(s.stages, t),
});

export function presentStudentGrowth(g: Of<'forStudent'>, studentId: number, t: Translate): StudentGrowth {
  return {
    '@type': 'StudentGrowth',
    start: g.range.start,
    end: g.range.end,
    student: { '@id': iri('student', studentId), id: studentId, firstName: g.person.firstName, lastName: g.person.lastName },
    teachingClasses: g.classes.map((c) => ({ '@id': iri('teaching-class', c.id), id: c.id, name: c.name })),
    skills: g.skills.map((s) => ({
      ...head(s.skill, t),
      ratings: s.ratings,
      now: standing(s.now, t),
      atStart: standing(s.atStart, t),
      self: selfView(s.self, t),
      months: s.months.map((m) => ({ month: m.month, ratings: m.ratings, ...standing(m, t) })),
    })),
  };
}

export function presentClassGrowth(g: Of<'forClass'>, t: Translate): ClassGrowth {
  return {
    '@type': 'ClassGrowth',
    teachingClass: iri('teaching-class', g.classId),
    end: g.end,
    skills: g.skills.map((s) => head(s, t)),
    students: g.students.map((x) => ({
      ...person(x.place),
      skills: x.skills.map((c) => ({
        learningSkill: iri('learning-skill', c.skill.id),
        ratings: c.ratings,
        points: c.points,
        stage: c.stage?.points ?? null,
        self: c.self && { points: c.self.points, stage: c.self.stage?.points ?? null, date: c.self.date },
      })),
    })),
  };
}

export function presentCoverage(c: Of<'coverage'>): ClassCoverage {
  return {
    '@type': 'ClassCoverage',
    teachingClass: iri('teaching-class', c.classId),
    days: c.days,
    since: c.since,
    end: c.end,
    notObserved: c.notObserved.map((x) => ({ ...person(x.place), lastRated: x.lastRated })),
    skills: c.skills.map((s) => ({
      learningSkill: iri('learning-skill', s.skill.id),
      name: s.skill.name,
      translationKey: s.skill.translationKey,
      neverRated: s.neverRated.map((p) => iri('teaching-class-student', p.id)),
    })),
    ...(c.teachers
      ? {
          teachers: c.teachers.map((x) => ({ user: iri('user', x.id), firstName: x.firstName, lastName: x.lastName, ratings: x.n })),
        }
      : {}),
  };
}
