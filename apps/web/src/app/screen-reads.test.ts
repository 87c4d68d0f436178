import type { User } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { screenReads } from './screen-reads';

// A reader by the fields the reads look at.
const teacher = { id: 1, accountType: 'teacher' } as User;
const parent = { id: 4, accountType: 'parent_user' } as User;
const place = { id: 10, teachingClass: '/api/auth/v1/teaching-class/2', student: '/api/auth/v1/student/7' };
const cls = { id: 2, isFinished: false, abilities: { manageStudents: true } };

/** The keys read for a page, in rounds as plugins/web-render.ts asks them, each answered from `api` (absent: refused). */
function readsOf(path: string, user: User, api: Record<string, unknown>, search = '') {
  const read: Record<string, unknown> = {};
  for (let round = 0; round < 5; round++) {
    const keys = screenReads(path, search, user, read).filter((k) => !(k in read));
    if (!keys.length) break;
    for (const key of keys) read[key] = api[key];
  }
  return Object.keys(read);
}

const UNREAD = '/notifications?isRead=false&page=1&itemsPerPage=1';
const FEED = '$inf$/ratings?students.id=10&includeWholeClass=1&page=1&itemsPerPage=20';

describe("a screen's first reads, made by the server in rounds", () => {
  it("reads a student's page for a teacher: the place, its class, then what the page draws", () => {
    const others = '/teaching-class-students?student.id=7&itemsPerPage=1000';
    const api = {
      '/teaching-class-student/10': place,
      '/teaching-class/2': cls,
      [others]: { 'hydra:member': [place, { id: 30 }] },
    };
    expect(readsOf('/teaching-class/2/student/10', teacher, api)).toEqual([
      UNREAD,
      '/teaching-class-student/10',
      '/teaching-class/2',
      FEED,
      '/self-assessments?teachingClassStudent.id=10&itemsPerPage=30',
      '/growth/student/7?teachingClassId=2',
      '/student-profile-user-invitations?teachingClass.id=2&student.id=7&isPending=1&itemsPerPage=1000',
      others,
      '/teaching-classes?page=1&itemsPerPage=1000',
    ]);
    // A class the reader may not see (refused): the page without it, and nothing a class's teachers see.
    const withoutClass = readsOf('/student/10', teacher, { '/teaching-class-student/10': place });
    expect(withoutClass).toContain('/growth/student/7');
    expect(withoutClass.some((k) => k.startsWith('/student-profile-user-invitations') || k.startsWith('/self-assessments'))).toBe(false);
  });

  it("reads a linked family's page of their child without the class", () => {
    const links = '/student-profile-users?student.id=7&user.id=4&itemsPerPage=1000';
    const api = { '/teaching-class-student/10': place, [links]: { 'hydra:member': [{ teachingClass: { id: 2, name: 'Sunflowers' } }] } };
    const keys = readsOf('/student/10', parent, api);
    expect(keys).toEqual([
      UNREAD,
      '/teaching-class-student/10',
      links,
      FEED,
      '/self-assessments?teachingClassStudent.id=10&itemsPerPage=30',
      '/growth/student/7?teachingClassId=2',
      '/home-observations?teachingClassStudent.id=10&itemsPerPage=30',
      '/student-profile-users?teachingClassStudent.id=10&user.id=4&itemsPerPage=1000',
    ]);
    expect(keys).not.toContain('/teaching-class/2');
  });

  it('reads nothing more for a place the path puts in another class, nor for a place refused', () => {
    expect(readsOf('/teaching-class/3/student/10', teacher, { '/teaching-class-student/10': place })).toEqual([
      UNREAD,
      '/teaching-class-student/10',
    ]);
    expect(readsOf('/student/10', parent, {})).toEqual([UNREAD, '/teaching-class-student/10']);
  });

  it('reads the reports over the range in the address, and the notification list', () => {
    const range = '?startDate=2026-09-01&endDate=2026-10-31';
    const report = '/report/class/2?startDate=2026-09-01&endDate=2026-10-31';
    expect(readsOf('/teaching-class/2/report', teacher, { [report]: { end: '2026-10-31' } }, range)).toEqual([
      UNREAD,
      '/teaching-class/2',
      report,
      '/growth/class/2?endDate=2026-10-31',
    ]);
    expect(readsOf('/student/10/report', teacher, { '/teaching-class-student/10': place }, '?startDate=bad')).toEqual([
      UNREAD,
      '/teaching-class-student/10',
      '/report/student/7?teachingClassId=2',
    ]);
    expect(readsOf('/notifications', teacher, {})).toEqual([UNREAD, '$inf$/notifications?page=1&itemsPerPage=25']);
  });
});
