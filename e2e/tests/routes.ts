import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

/**
 * Every screen of the app, as the sweep (sweep.spec.ts) opens it: at 320 px, in every locale, checked for sideways
 * scroll, console errors and warnings, and axe. A new screen adds ONE line here.
 *
 * `path` may use the placeholders of `DemoIds` ({class}, {place}, …), filled from the demo data; `as` is the demo
 * account that opens it (null: signed out). Add a placeholder to DemoIds (and to `demoIds` below) when a screen
 * needs another id, e.g. a rating.
 */
export interface SweepRoute {
  name: string;
  path: string;
  as: DemoUser | null;
}

export type DemoUser = 'teacher' | 'coteacher' | 'evaluator' | 'parent';

export const SWEEP_ROUTES: SweepRoute[] = [
  { name: 'sign in', path: '/sign-in', as: null },
  { name: 'sign up', path: '/sign-up', as: null },
  { name: 'forgot password', path: '/forgot-password', as: null },
  { name: 'reset password without a token', path: '/reset-password', as: null },
  { name: 'family link (signed out)', path: '/link?code=ABCD2345', as: null },
  { name: 'family link (parent, no code)', path: '/link', as: 'parent' },
  { name: 'dashboard (teacher)', path: '/', as: 'teacher' },
  { name: 'dashboard (evaluator)', path: '/', as: 'evaluator' },
  { name: 'dashboard (parent)', path: '/', as: 'parent' },
  { name: 'new class', path: '/teaching-class/new', as: 'teacher' },
  { name: 'new class (parent: not allowed)', path: '/teaching-class/new', as: 'parent' },
  { name: 'class detail', path: '/teaching-class/{class}', as: 'teacher' },
  { name: 'class detail (evaluator)', path: '/teaching-class/{class}', as: 'evaluator' },
  { name: 'edit class', path: '/teaching-class/{class}/edit', as: 'teacher' },
  { name: 'add students', path: '/teaching-class/{class}/student/add', as: 'teacher' },
  { name: 'manage students', path: '/teaching-class/{class}/students', as: 'teacher' },
  { name: 'manage students (co-teacher)', path: '/teaching-class/{class}/students', as: 'coteacher' },
  { name: 'student under its class', path: '/teaching-class/{class}/student/{place}', as: 'teacher' },
  { name: 'edit student under its class', path: '/teaching-class/{class}/student/{place}/edit', as: 'teacher' },
  { name: 'student', path: '/student/{place}', as: 'teacher' },
  { name: 'edit student', path: '/student/{place}/edit', as: 'teacher' },
  { name: "parent's child", path: '/student/{childPlace}', as: 'parent' },
  { name: 'class report', path: '/teaching-class/{class}/report', as: 'teacher' },
  { name: 'class report (evaluator)', path: '/teaching-class/{class}/report', as: 'evaluator' },
  { name: 'edit rating (class)', path: '/teaching-class/{class}/rating/{rating}/edit', as: 'teacher' },
  { name: 'edit rating action', path: '/teaching-class/{class}/rating/{rating}/edit/action', as: 'teacher' },
  { name: 'edit rating (evaluator: not theirs)', path: '/teaching-class/{class}/rating/{rating}/edit', as: 'evaluator' },
  { name: 'edit rating (student under its class)', path: '/teaching-class/{class}/student/{place}/rating/{rating}/edit', as: 'teacher' },
  { name: 'edit rating (student)', path: '/student/{place}/rating/{rating}/edit', as: 'teacher' },
  { name: 'student report under its class', path: '/teaching-class/{class}/student/{place}/report', as: 'teacher' },
  { name: 'student report', path: '/student/{place}/report', as: 'teacher' },
  { name: "parent's child report", path: '/student/{childPlace}/report', as: 'parent' },
  { name: 'teachers (creator, a request waiting)', path: '/teaching-class/{class}/teachers', as: 'teacher' },
  { name: 'teachers (co-teacher)', path: '/teaching-class/{class}/teachers', as: 'coteacher' },
  { name: 'teachers (evaluator)', path: '/teaching-class/{class}/teachers', as: 'evaluator' },
  { name: 'family access under its class', path: '/teaching-class/{class}/student/{place}/manage', as: 'teacher' },
  { name: 'family access', path: '/student/{childPlace}/manage', as: 'coteacher' },
  { name: 'family access (parent: not allowed)', path: '/student/{childPlace}/manage', as: 'parent' },
  { name: 'notifications', path: '/notifications', as: 'teacher' },
  { name: 'notifications (parent)', path: '/notifications', as: 'parent' },
  { name: 'edit profile', path: '/profile/edit', as: 'teacher' },
  { name: 'forbidden', path: '/forbidden', as: 'teacher' },
  { name: 'not found', path: '/no-such-screen', as: 'teacher' },
];

/** Ids in the demo data that the routes' placeholders stand for. */
export interface DemoIds {
  /** The teacher's first class with students (the co-teacher and the evaluator see it too). */
  class: number;
  /** A student of that class. */
  place: number;
  /** The student the demo parent is linked to. */
  childPlace: number;
  /** A rating of the class by the teacher that names `place` (or the whole class). */
  rating: number;
}

async function tokenOf(request: APIRequestContext, username: DemoUser) {
  const res = await request.post('/api/public/v1/login_check', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function members<T>(request: APIRequestContext, token: string, path: string): Promise<T[]> {
  const res = await request.get(`/api/auth/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as { 'hydra:member': T[] })['hydra:member'];
}

export async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const teacher = await tokenOf(request, 'teacher');
  const coteacher = await tokenOf(request, 'coteacher');
  const taught = new Set((await members<{ id: number }>(request, coteacher, '/teaching-classes?itemsPerPage=100')).map((c) => c.id));
  const classes = await members<{ id: number; numStudents: number }>(request, teacher, '/teaching-classes?itemsPerPage=100&excludeCoteacherTeachingClasses=1');
  const cls = classes.find((c) => c.numStudents > 0 && taught.has(c.id)) ?? classes.find((c) => c.numStudents > 0)!;
  const places = await members<{ id: number }>(request, teacher, `/teaching-class-students?teachingClass.id=${cls.id}`);
  const children = await members<{ id: number }>(request, await tokenOf(request, 'parent'), '/teaching-class-students');
  const placeIri = `/api/auth/v1/teaching-class-student/${places[0]!.id}`;
  const ratings = await members<{ id: number; students: string[]; canEdit: boolean }>(request, teacher, `/ratings?teachingClass.id=${cls.id}&itemsPerPage=100`);
  const rating = ratings.find((r) => r.canEdit && (r.students.length === 0 || r.students.includes(placeIri))) ?? ratings[0]!;
  return { class: cls.id, place: places[0]!.id, childPlace: children[0]!.id, rating: rating.id };
}

export const fillPath = (path: string, ids: DemoIds) => path.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k as keyof DemoIds]));
