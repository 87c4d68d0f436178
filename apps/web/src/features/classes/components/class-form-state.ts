import { V } from '@skillroom/contract/messages';
import { CLASS_DEFAULT_POINTS, COVERAGE_DAYS, refToId, schoolYearOf, type OfficeHours } from '@skillroom/contract/rules';
import type { Media, Subscription, TeachingClass, TeachingClassCreateBody, TeachingClassPatchBody } from '@skillroom/contract/types';
import { dayDate, isoDay } from '../../../lib/dates';
import { browserRegion } from '../../../lib/school-terms';

/** What the class form edits, as its controls hold it (text, ids as strings). */
export interface ClassFormValues {
  name: string;
  year: string;
  start: string;
  end: string;
  grade: string;
  term: string;
  educationLevel: string;
  isIndividual: boolean;
  subscription: string;
  avatar: Media | null;
  /** Points of a quick rating (DESIGN §7). */
  defaultPoints: number;
  /** Families may comment on the class's ratings (DESIGN §11). */
  familyComments: boolean;
  /** The class's students rate themselves (DESIGN §12). */
  selfAssessment: boolean;
  /** When the teachers answer messages (DESIGN §11); null: no office hours. */
  officeHours: OfficeHours | null;
  /** Days without a rating before a student counts as not observed (DESIGN §12), as typed. */
  coverageDays: string;
}

/**
 * A new class spans the school year it is made in (issue 36 §10): from 1 September, or 1 February where the school
 * year starts then, for a year; never from today, which would refuse the ratings of the weeks already taught.
 */
export function newClassValues(today = new Date(), region: string | null = browserRegion()): ClassFormValues {
  const { start, end } = schoolYearOf(today, region);
  return {
    name: '',
    year: String(start.getFullYear()),
    start: isoDay(start),
    end: isoDay(end),
    grade: '',
    term: '',
    educationLevel: '',
    isIndividual: false,
    subscription: '',
    avatar: null,
    defaultPoints: CLASS_DEFAULT_POINTS.default,
    familyComments: true,
    selfAssessment: false,
    officeHours: null,
    coverageDays: String(COVERAGE_DAYS.default),
  };
}

export function classValues(c: TeachingClass): ClassFormValues {
  return {
    name: c.name,
    year: String(c.year),
    start: c.start,
    end: c.end,
    grade: c.grade ?? '',
    term: c.term === null ? '' : String(c.term),
    educationLevel: c.educationLevel ? String(c.educationLevel.id) : '',
    isIndividual: c.isIndividual,
    subscription: c.subscription ? String(refToId(c.subscription)) : '',
    avatar: c.avatar,
    defaultPoints: c.defaultPoints ?? CLASS_DEFAULT_POINTS.default,
    familyComments: c.familyComments ?? true,
    selfAssessment: c.selfAssessment ?? false,
    officeHours: c.officeHours ?? null,
    coverageDays: String(c.coverageDays ?? COVERAGE_DAYS.default),
  };
}

const idOrNull = (v: string) => (v ? Number(v) : null);

/** The create body of the form's values; `school` only on create (a class keeps its school). */
export function classBody(v: ClassFormValues, school?: string | null): TeachingClassCreateBody {
  return {
    name: v.name,
    year: /^\d+$/.test(v.year.trim()) ? Number(v.year.trim()) : v.year,
    start: v.start,
    end: v.end,
    grade: v.grade,
    term: v.term,
    educationLevel: idOrNull(v.educationLevel),
    isIndividual: v.isIndividual,
    subscription: idOrNull(v.subscription),
    avatar: v.avatar ? v.avatar['@id'] : null,
    defaultPoints: v.defaultPoints,
    familyComments: v.familyComments,
    selfAssessment: v.selfAssessment,
    officeHours: v.officeHours,
    // Blank is 0 and text NaN: the contract's range and type checks then say what is wrong under the field.
    coverageDays: Number(v.coverageDays.trim()),
    ...(school !== undefined ? { school } : {}),
  };
}

/** PATCH sends the changed fields only (spec §7). */
export function changedFields(before: ClassFormValues, after: ClassFormValues): TeachingClassPatchBody {
  const a = classBody(before) as Record<string, unknown>;
  const b = classBody(after) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(a[k])));
}

/**
 * The form's word on its dates beside the contract's rules: an empty date is "blank" to the reader, not "not a valid
 * date" as the schema puts it, and a date the calendar cannot read says so.
 */
export function classDateChecks(v: ClassFormValues): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of ['start', 'end'] as const)
    if (!v[key]) found[key] = V.blank;
    else if (!dayDate(v[key])) found[key] = 'web_ui_date_invalid';
  return found;
}

/** Subscriptions a new class may be put under: those the user teaches in (evaluators only look). */
export function attachableSubscriptions(all: Subscription[], currentId: string): Subscription[] {
  return all.filter((s) => s.userRoles.includes('teacher') || String(s.id) === currentId);
}

export const allowsIndividual = (s: Subscription) => s.canCreateIndividual;
