import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { addStudent, API, createClass, type TestUser } from '../../test/classes';

/**
 * Names are text (contract `personName`): every name the API takes is cleaned as a roster import cleans its cells,
 * control characters dropped and whitespace (tabs, line breaks) one space; a name nothing is left of is a 400.
 */
const DIRTY = 'Bell\u0007Esc\u001b[31m\tTab\r\nLine\u0085\u009bEnd\u007f';
const CLEAN = 'BellEsc[31m Tab LineEnd';
const NOTHING = '\u0007\t\r\n\u001b\u0090 ';

let s: TestServer;
let teacher: TestUser;
let classId: number;
beforeAll(async () => {
  s = await startTestServer();
  teacher = await signUp(s);
  classId = (await createClass(s, teacher)).id;
});
afterAll(() => s.close());

const send = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) =>
  s.api(method, `${API}${url}`, { token: teacher.token, body });

describe('names as text, on POST and PATCH', () => {
  it('stores a student place’s first and last names cleaned, and refuses a first name that is only controls', async () => {
    const made = await send('POST', '/teaching-class-student', {
      teachingClass: `${API}/teaching-class/${classId}`,
      firstName: DIRTY,
      lastName: DIRTY,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ firstName: CLEAN, lastName: CLEAN });
    const changed = await send('PATCH', `/teaching-class-student/${made.json().id}`, { firstName: `Ana${DIRTY}`, lastName: NOTHING });
    expect(changed.statusCode, changed.body).toBe(200);
    // A last name nothing is left of is no last name (it is optional).
    expect(changed.json()).toMatchObject({ firstName: `Ana${CLEAN}`, lastName: null });
    const blank = await send('PATCH', `/teaching-class-student/${made.json().id}`, { firstName: NOTHING });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().violations).toEqual([{ propertyPath: 'firstName', message: V.blank }]);
    const read = await s.api('GET', `${API}/teaching-class-student/${made.json().id}`, { token: teacher.token });
    expect(read.json().firstName).toBe(`Ana${CLEAN}`);
  });

  it('stores a user’s names cleaned at sign-up and on PATCH', async () => {
    const u = await signUp(s, { firstName: DIRTY, lastName: `Okafor\t\t${DIRTY}` });
    expect(u.user).toMatchObject({ firstName: CLEAN, lastName: `Okafor ${CLEAN}` });
    const changed = await s.api('PATCH', `${API}/user/${u.id}`, { token: u.token, body: { firstName: `Amara\n${DIRTY}` } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().firstName).toBe(`Amara ${CLEAN}`);
    const blank = await s.api('PATCH', `${API}/user/${u.id}`, { token: u.token, body: { lastName: NOTHING } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().violations).toEqual([{ propertyPath: 'lastName', message: V.blank }]);
  });

  it('stores a class’s, a school’s and a skill’s (and its action’s) names cleaned', async () => {
    const cls = await createClass(s, teacher, { name: DIRTY });
    expect(cls.name).toBe(CLEAN);
    const renamed = await send('PATCH', `/teaching-class/${cls.id}`, { name: `Year 4\r\n${DIRTY}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe(`Year 4 ${CLEAN}`);
    expect((await send('PATCH', `/teaching-class/${cls.id}`, { name: NOTHING })).statusCode).toBe(400);

    const school = await send('POST', '/school', { name: `School ${DIRTY}` });
    expect(school.statusCode, school.body).toBe(201);
    expect(school.json().name).toBe(`School ${CLEAN}`);

    const skill = await send('POST', '/learning-skill', { name: `Skill\t${DIRTY}`, colorCode: '#336699' });
    expect(skill.statusCode, skill.body).toBe(201);
    expect(skill.json().name).toBe(`Skill ${CLEAN}`);
    const action = await send('POST', '/learning-action', { learningSkill: skill.json().id, name: `Action\u001b[0m` });
    expect(action.statusCode, action.body).toBe(201);
    expect(action.json().name).toBe('Action[0m');
    expect((await send('POST', '/learning-skill', { name: NOTHING, colorCode: '#336699' })).statusCode).toBe(400);
  });

  it('cleans a name exactly as the roster import cleans its cells', async () => {
    const place = await addStudent(s, teacher, classId, { firstName: 'Zoe\u0308\u0007 \u00a0 Smith' });
    expect(place.firstName).toBe('Zoë Smith');
  });
});
