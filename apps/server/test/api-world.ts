import { MediaType, type ListQuery } from '@skillroom/contract';
import { API, addStudent, classWithRoles, createClass, makeMedia } from './classes';
import { classSkills, rate, seedSkills, unadopt } from './ratings';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * What the API-wide tests (content types, filters, PATCH back) run against: the class world of `classWithRoles`, an upload,
 * a school; and how to turn any path of the API document into a call on it. A route added later gets an id here (`ids`),
 * a sample body (`bodies`) and, if it deletes, a fresh target (`fresh`); without them it is still called, with an id
 * that does not exist and an empty body, which checks the plumbing all the same.
 */
export type ApiWorld = Awaited<ReturnType<typeof apiWorld>>;

export async function apiWorld(s: TestServer) {
  // The catalogue's skills first, as main.ts seeds them: classes start with them.
  await seedSkills(s);
  const w = await classWithRoles(s);
  const upload = await makeMedia(s, MediaType.StudentAvatar, w.creator.id);
  const named = { token: w.creator.token, body: { name: 'Conformance Primary' } };
  const school = (await s.api('POST', `${API}/school`, named)).json() as { id: number; name: string };
  const studentId = Number(String(w.first.student).split('/').pop());
  const rated = await ratingWorld(s, w);
  // A request to join (the stranger teaches elsewhere) and one to link (the parent asks for a second child), each
  // with its notifications; the co-teacher's and the parent's existing rows.
  type Made = { id: number; conversation: string };
  const post = async (token: string, path: string, body: unknown) => (await s.api('POST', `${API}${path}`, { token, body })).json() as Made;
  const first = async (path: string) => (await s.api('GET', `${API}${path}`, { token: w.creator.token })).json()['hydra:member'][0];
  const asked = await post(w.stranger.token, '/teaching-class-teacher-invitation', { invitationCode: w.cls.invitationCode });
  const link = await post(w.linked.token, '/student-profile-user-invitation', { invitationCode: w.second.invitationCode });
  // A message in the first child's conversation (DESIGN §11), written by the family so the teachers have it unread.
  const message = await post(w.linked.token, '/message', { teachingClassStudent: w.first['@id'], text: 'Hello' });
  // The creator's e-mail subscription (DESIGN §11), so its item routes have a row to read and PATCH back.
  const subscribed = await post(w.creator.token, '/email-subscription', { user: `${API}/user/${w.creator.id}`, digest: 'off' });
  const notification = (await first('/notifications?itemsPerPage=1')) as { id: number };
  const coteacherRow = (await first(`/teaching-class-teachers?teacher.id=${w.coteacher.id}`)) as { id: number };
  const linked = (await first(`/student-profile-users?user.id=${w.linked.id}`)) as { id: number };
  const ids: Record<string, number> = {
    ...rated,
    'teaching-class-teacher-invitation': asked.id,
    'student-profile-user-invitation': link.id,
    notification: notification.id,
    'teaching-class-teacher': coteacherRow.id,
    'student-profile-user': linked.id,
    teacher: w.coteacher.id,
    'teaching-class': w.cls.id,
    'teaching-class-student': w.first.id,
    student: studentId,
    media: upload.id,
    user: w.creator.id,
    school: school.id,
    subscription: w.sub.id,
    message: message.id,
    'email-subscription': subscribed.id,
    conversation: Number(message.conversation.split('/').pop()),
  };
  // Resources named by a UUID rather than a row's integer (an observation: the id its ratings share).
  const keys: Record<string, string> = {
    observation: ((await s.api('GET', `${API}/rating/${rated.rating}`, { token: w.creator.token })).json() as { observation: string })
      .observation,
  };
  return { ...w, upload, school, studentId, ids, keys };
}

/** A custom skill with an action in the class, a rating of the first student with a photo: ids of each resource. */
async function ratingWorld(s: TestServer, w: Awaited<ReturnType<typeof classWithRoles>>) {
  const made = async (path: string, body: unknown) => (await s.api('POST', `${API}${path}`, { token: w.creator.token, body })).json();
  const skill = await made('/learning-skill', { name: 'Curiosity', colorCode: '#336699', teachingClass: w.cls['@id'] });
  const action = await made('/learning-action', { learningSkill: skill['@id'], name: 'Asks why' });
  const photo = await makeMedia(s, MediaType.RatingPhoto, w.creator.id);
  const rating = await rate(s, w.creator, w.cls.id, action.id, { students: [w.first['@id']], medias: [photo.id] });
  const link = (await classSkills(s, w.creator, w.cls.id)).find((k) => k.id === skill.id)!;
  const ratingStudent = (await s.api('GET', `${API}/rating-students?rating.id=${rating.id}`, { token: w.creator.token })).json()[
    'hydra:member'
  ][0];
  const comment = (
    await s.api('POST', `${API}/rating-comment`, { token: w.linked.token, body: { rating: rating['@id'], text: 'Well done!' } })
  ).json();
  return {
    'rating-comment': comment.id as number,
    'learning-skill': skill.id as number,
    'learning-action': action.id as number,
    'teaching-class-learning-skill': Number(link.teachingClassLearningSkill.split('/').pop()),
    rating: rating.id as number,
    'rating-student': ratingStudent.id as number,
    'rating-media': rating.medias[0].id as number,
    // The report paths: /report/class/{id} and /report/pdf/class/{id} (the student ones use `student`).
    class: w.cls.id,
  };
}

export interface Call {
  method: string;
  /** The path as the API document writes it. */
  path: string;
  url: string;
  token?: string;
}

/** Whether an operation answers an event stream: inject waits for an answer's end, which a stream never reaches. */
const streams = (op: unknown) =>
  Boolean((op as { responses?: Record<string, { content?: Record<string, unknown> }> }).responses?.['200']?.content?.['text/event-stream']);

/**
 * Every call of the API document, with the world's ids in place of `{id}` (999999 when it has none). Event streams
 * are left out: they never end, and their own tests (notification-stream.api.test.ts) read them as streams.
 */
export function callsOf(doc: { paths: Record<string, Record<string, unknown>> }, w: ApiWorld): Call[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !streams(op))
      .map(([m]) => ({
        method: m.toUpperCase(),
        path,
        url: concrete(path, w),
        token: path.startsWith('/api/auth/') || path.startsWith('/media/') ? w.creator.token : undefined,
      })),
  );
}

export function concrete(path: string, w: ApiWorld, id?: number) {
  return path
    .replace(/\/([a-z-]+)\/\{id\}/g, (_m, resource: string) => `/${resource}/${id ?? w.ids[resource] ?? 999999}`)
    .replace('{locale}', 'en')
    .replace('{email}', encodeURIComponent(w.creator.user.email))
    .replace('{username}', encodeURIComponent(w.creator.username))
    .replace('{buildNumber}', '42')
    .replace('{mediaType}', String(w.upload.mediaType))
    .replace('{fileName}', encodeURIComponent(w.upload.fileName));
}

/** A fresh item to delete, per resource: each variant of a DELETE must find its own. */
export const fresh: Record<string, (s: TestServer, w: ApiWorld) => Promise<number>> = {
  'teaching-class': async (s, w) => (await createClass(s, w.creator)).id as number,
  'teaching-class-student': async (s, w) => (await addStudent(s, w.creator, w.cls.id)).id as number,
  rating: async (s, w) => (await rate(s, w.creator, w.cls.id, w.ids['learning-action']!)).id as number,
  'learning-action': async (s, w) =>
    (
      await s.api('POST', `${API}/learning-action`, {
        token: w.creator.token,
        body: { learningSkill: w.ids['learning-skill'], name: 'Spare' },
      })
    ).json().id as number,
  'teaching-class-learning-skill': async (s, w) => {
    const skill = (
      await s.api('POST', `${API}/learning-skill`, {
        token: w.creator.token,
        body: { name: 'Spare', colorCode: '#000000', teachingClass: w.cls.id },
      })
    ).json();
    return Number(
      (await classSkills(s, w.creator, w.cls.id))
        .find((k) => k.id === skill.id)!
        .teachingClassLearningSkill.split('/')
        .pop(),
    );
  },
  'rating-student': async (s, w) => {
    const r = await rate(s, w.creator, w.cls.id, w.ids['learning-action']!, { students: [w.second['@id']] });
    return (await s.api('GET', `${API}/rating-students?rating.id=${r.id}`, { token: w.creator.token })).json()['hydra:member'][0]
      .id as number;
  },
  'rating-comment': async (s, w) =>
    (await s.api('POST', `${API}/rating-comment`, { token: w.creator.token, body: { rating: w.ids.rating, text: 'Spare' } })).json()
      .id as number,
  'rating-media': async (s, w) =>
    (
      await rate(s, w.creator, w.cls.id, w.ids['learning-action']!, {
        medias: [(await makeMedia(s, MediaType.RatingPhoto, w.creator.id)).id],
      })
    ).medias[0].id as number,
};

let n = 0;
/** A valid body per write call, made anew for each call (sign-ups need new names, refreshes new tokens). */
export const bodies: Record<string, (s: TestServer, w: ApiWorld) => Promise<unknown> | unknown> = {
  'POST /api/public/v1/user': () => ({
    username: `conf${process.pid}x${++n}`,
    email: `conf${process.pid}x${n}@example.org`,
    plainPassword: 'correct horse battery',
    firstName: 'Con',
    lastName: 'Formance',
    accountTypeRadio: 'teacher',
  }),
  'POST /api/public/v1/login_check': (_s, w) => ({ username: w.creator.username, password: w.creator.password }),
  'POST /api/public/v1/token_refresh': async (s, w) => ({
    refresh_token: (
      await s.api('POST', '/api/public/v1/login_check', { body: { username: w.creator.username, password: w.creator.password } })
    ).json().refresh_token,
  }),
  'POST /api/public/v1/reset_password': () => ({ token: 'x'.repeat(32), plainPassword: 'another horse battery' }),
  'POST /api/auth/v1/analytics-event': () => ({ name: 'conformance', properties: { step: 1 } }),
  'POST /api/auth/v1/school': () => ({ name: 'Conformance Primary' }),
  'POST /api/auth/v1/teaching-class': () => ({
    name: 'Conformance',
    year: 2026,
    start: '2026-09-01',
    end: '2027-07-01',
    term: 1,
    grade: 5,
  }),
  'POST /api/auth/v1/teaching-class-student': (_s, w) => ({ teachingClass: `${API}/teaching-class/${w.cls.id}`, firstName: 'Conny' }),
  'POST /api/auth/v1/teaching-class-student/copy': async (s, w) => ({
    teachingClass: (await createClass(s, w.creator)).id,
    teachingClassStudents: [w.second.id],
  }),
  // A new name each call: the same one again would be a duplicate row and nothing to add (400).
  'POST /api/auth/v1/teaching-class-student/import': (_s, w) => ({ teachingClass: w.cls['@id'], text: `Imp${++n} Orted` }),
  'PATCH /api/auth/v1/teaching-class/{id}': () => ({ name: 'Year 4 Maple', term: 2 }),
  'PATCH /api/auth/v1/teaching-class-student/{id}': () => ({ code: 'C-7' }),
  'PUT /api/auth/v1/teaching-class/{id}': () => ({ name: 'Year 4 Maple', year: 2026, start: '2026-09-01', end: '2027-07-01', term: 2 }),
  'PUT /api/auth/v1/teaching-class-student/{id}': () => ({ firstName: 'Amara', lastName: 'Okafor', code: 'C-7' }),
  'PUT /api/auth/v1/learning-skill/{id}': () => ({ name: 'Curiosity' }),
  'PATCH /api/auth/v1/user/{id}': () => ({ occupation: 'Teacher' }),
  'POST /api/auth/v1/learning-skill': (_s, w) => ({ name: 'Patience', colorCode: '#225588', teachingClass: w.cls['@id'] }),
  'PATCH /api/auth/v1/learning-skill/{id}': () => ({ name: 'Curiosity' }),
  'POST /api/auth/v1/teaching-class/{id}/framework': (s, w) =>
    unadopt(s, w.cls.id, 'social-emotional').then(() => ({ framework: 'social-emotional' })),
  'POST /api/auth/v1/learning-action': (_s, w) => ({ learningSkill: w.ids['learning-skill'], name: 'Wonders aloud' }),
  'PATCH /api/auth/v1/learning-action/{id}': () => ({ name: 'Asks why' }),
  'POST /api/auth/v1/teaching-class-learning-skill': async (s, w) => ({
    teachingClass: w.cls.id,
    learningSkill: (
      await s.api('POST', `${API}/learning-skill`, { token: w.creator.token, body: { name: 'Unused', colorCode: '#111111' } })
    ).json().id,
  }),
  'POST /api/auth/v1/rating': (_s, w) => ({
    teachingClass: w.cls.id,
    learningAction: w.ids['learning-action'],
    date: '2026-10-05',
    points: 4,
    students: [w.first['@id']],
  }),
  'PATCH /api/auth/v1/rating/{id}': () => ({ points: 4 }),
  'POST /api/auth/v1/message': (_s, w) => ({ teachingClassStudent: w.first['@id'], text: 'Thank you' }),
  'PATCH /api/auth/v1/message/{id}': () => ({ isRead: true }),
  'POST /api/auth/v1/announcement': (_s, w) => ({ teachingClass: w.cls['@id'], text: 'Sports day on Friday' }),
  'POST /api/auth/v1/rating-student': async (s, w) => ({
    rating: (await rate(s, w.creator, w.cls.id, w.ids['learning-action']!)).id,
    student: w.second.student,
  }),
  'POST /api/auth/v1/rating-comment': (_s, w) => ({ rating: w.ids.rating, text: 'Thank you!' }),
  'PATCH /api/auth/v1/rating-comment/{id}': () => ({ isHidden: false }),
  'POST /api/auth/v1/rating-media': async (s, w) => ({
    rating: w.ids.rating,
    media: (await makeMedia(s, MediaType.RatingPhoto, w.creator.id)).id,
  }),
};

/**
 * A value for each declared filter that selects something in the world, by name or by `path name` where one name
 * means different things on different lists (a route added later adds its names here).
 */
export function filterValues(w: ApiWorld): Record<string, string> {
  return {
    id: String(w.studentId),
    'teachingClass.id': String(w.cls.id),
    'student.id': String(w.studentId),
    'teachingClassStudents.teachingClass.id': String(w.cls.id),
    invitationCode: String(w.cls.invitationCode),
    subscription: `${API}/subscription/${w.sub.id}`,
    mediaType: String(MediaType.StudentAvatar),
    name: 'Conformance',
    [`${API}/medias id`]: String(w.upload.id),
    [`${API}/ratings id`]: String(w.ids.rating),
    [`${API}/learning-skills id`]: String(w.ids['learning-skill']),
    [`${API}/learning-actions id`]: String(w.ids['learning-action']),
    'students.id': String(w.first.id),
    'ratingStudents.student.id': String(w.studentId),
    'learningSkill.id': String(w.ids['learning-skill']),
    'learningAction.id': String(w.ids['learning-action']),
    'creator.id': String(w.creator.id),
    'rating.id': String(w.ids.rating),
    teachingClassStudent: String(w.first.id),
    'teachingClassStudent.id': String(w.first.id),
  };
}

/** A sample value for a filter by its kind, when `filterValues` has none. */
export function sampleValue(path: string, list: ListQuery, name: string, known: Record<string, string>, key?: string): string {
  const f = list.filters[name]!;
  const given = known[`${path} ${name}`] ?? known[name];
  if (key === undefined && given !== undefined) return given;
  const t = (f.value as { type?: string; enum?: unknown[]; format?: string }) ?? {};
  if (t.enum) return String(t.enum[0]);
  if (t.format === 'date') return key === 'before' ? '2030-01-01' : '2020-01-01';
  if (t.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return t.type === 'integer' ? '1' : 'x';
}

/** One server and world per test file, set up before its tests: `const t = withApiWorld(); … t.s, t.w`. */
export function withApiWorld(env: Record<string, string> = {}) {
  const t = {} as { s: TestServer; w: ApiWorld };
  beforeAll(async () => {
    t.s = await startTestServer(env);
    t.w = await apiWorld(t.s);
  });
  afterAll(() => t.s.close());
  return t;
}
