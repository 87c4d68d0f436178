import { V } from '@skillroom/contract/messages';
import type { Subscription, TeachingClass } from '@skillroom/contract/types';
import { teachingClassCreateBody } from '@skillroom/contract/schemas';
import { describe, expect, it } from 'vitest';
import { attachableSubscriptions, changedFields, classBody, classDateChecks, classValues, newClassValues } from './class-form-state';

const filled = { ...newClassValues(new Date(2026, 8, 1), 'GB'), name: 'Maple', end: '2027-07-15' };

describe('class form values', () => {
  it('spans the school year it is made in, not from today (issue 36 §10)', () => {
    expect(newClassValues(new Date(2026, 10, 28), 'HK')).toMatchObject({
      year: '2026',
      start: '2026-09-01',
      end: '2027-08-31',
      subscription: '',
      avatar: null,
      defaultPoints: 3,
    });
    // In spring, the year under way; from August, the one about to start.
    expect(newClassValues(new Date(2027, 2, 10), 'ES')).toMatchObject({ year: '2026', start: '2026-09-01', end: '2027-08-31' });
    expect(newClassValues(new Date(2027, 7, 20), 'US')).toMatchObject({ year: '2027', start: '2027-09-01' });
    // Where the school year starts in February (a southern region), and across a leap year's end of February.
    expect(newClassValues(new Date(2027, 5, 1), 'AR')).toMatchObject({ year: '2027', start: '2027-02-01', end: '2028-01-31' });
    expect(newClassValues(new Date(2028, 0, 5), 'AU')).toMatchObject({ start: '2028-02-01', end: '2029-01-31' });
    // No region known: September.
    expect(newClassValues(new Date(2026, 10, 28), null).start).toBe('2026-09-01');
  });

  it('sends ids as numbers, a numeric year as a number, and the school only on create', () => {
    const body = classBody({ ...filled, educationLevel: '3', subscription: '7' }, '/api/auth/v1/school/2');
    expect(body).toMatchObject({ year: 2026, educationLevel: 3, subscription: 7, avatar: null, school: '/api/auth/v1/school/2' });
    expect(classBody(filled)).not.toHaveProperty('school');
    // A year that is not a number goes as typed, for the server (and the contract) to name it.
    expect(classBody({ ...filled, year: '20x6' }).year).toBe('20x6');
  });

  it('reads a class back into the form', () => {
    const cls = {
      name: 'Maple',
      year: 2026,
      start: '2026-09-01',
      end: '2027-07-15',
      grade: null,
      term: 'Autumn',
      educationLevel: { id: 4 },
      isIndividual: false,
      subscription: '/api/auth/v1/subscription/9',
      avatar: null,
      defaultPoints: 4,
      familyComments: false,
      officeHours: { days: [1, 2], start: '07:30', end: '15:00' },
      selfAssessment: true,
      coverageDays: 10,
    } as unknown as TeachingClass;
    expect(classValues(cls)).toEqual({
      name: 'Maple',
      year: '2026',
      start: '2026-09-01',
      end: '2027-07-15',
      grade: '',
      term: 'Autumn',
      educationLevel: '4',
      isIndividual: false,
      subscription: '9',
      avatar: null,
      defaultPoints: 4,
      familyComments: false,
      officeHours: { days: [1, 2], start: '07:30', end: '15:00' },
      selfAssessment: true,
      coverageDays: '10',
    });
    // The server answers a term written as digits as a number (the product's model has one): the field shows it.
    expect(classValues({ ...cls, term: 2 }).term).toBe('2');
  });

  it('PATCHes only what changed', () => {
    expect(changedFields(filled, filled)).toEqual({});
    expect(changedFields(filled, { ...filled, name: 'Birch', subscription: '' })).toEqual({ name: 'Birch' });
    expect(changedFields(filled, { ...filled, term: 'Spring', subscription: '5' })).toEqual({ term: 'Spring', subscription: 5 });
  });
});

describe("the class form's checks", () => {
  // What the form's resolver reads: the contract's schema on the body, then the form's word on its dates.
  const found = (v: typeof filled) => {
    const r = teachingClassCreateBody.safeParse(classBody(v));
    const schema = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    return { ...schema, ...classDateChecks(v) };
  };

  it('accepts a complete class', () => {
    expect(found(filled)).toEqual({});
  });

  it('says a missing date is blank, an unreadable one invalid, names the end before the start, and a bad year', () => {
    expect(found({ ...filled, end: '' })).toMatchObject({ end: V.blank });
    expect(found({ ...filled, start: '1 Sept' })).toMatchObject({ start: 'web_ui_date_invalid' });
    expect(found({ ...filled, end: '2026-08-31' })).toHaveProperty('end');
    expect(found({ ...filled, year: '1800' })).toHaveProperty('year');
    expect(found({ ...filled, name: '   ' })).toHaveProperty('name');
  });

  it('takes coverageDays from 1 to 365 and sends it, with the self-rating switch, as numbers and booleans (DESIGN §12)', () => {
    expect(newClassValues(new Date(2026, 8, 1), null)).toMatchObject({ coverageDays: '14', selfAssessment: false });
    expect(classBody({ ...filled, coverageDays: ' 21 ', selfAssessment: true })).toMatchObject({ coverageDays: 21, selfAssessment: true });
    expect(changedFields(filled, { ...filled, coverageDays: '30' })).toEqual({ coverageDays: 30 });
    for (const days of ['0', '366', '', '1.5']) expect(found({ ...filled, coverageDays: days })).toHaveProperty('coverageDays');
    expect(found({ ...filled, coverageDays: '365' })).toEqual({});
  });
});

describe('attachableSubscriptions', () => {
  const sub = (id: number, userRoles: Subscription['userRoles']) => ({ id, userRoles }) as Subscription;

  it('offers those the user teaches in, and keeps the one the class already has', () => {
    const all = [sub(1, ['teacher']), sub(2, ['evaluator']), sub(3, ['teacher', 'evaluator'])];
    expect(attachableSubscriptions(all, '').map((s) => s.id)).toEqual([1, 3]);
    expect(attachableSubscriptions(all, '2').map((s) => s.id)).toEqual([1, 2, 3]);
  });
});
