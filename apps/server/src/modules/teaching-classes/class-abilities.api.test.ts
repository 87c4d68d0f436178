import { CLASS_ABILITIES, type ClassAbility, type TeachingClass } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { addCoTeacher, API, classWithRoles, type TestUser } from '../../../test/classes';
import { classSkills, ratingBody, seedSkills } from '../../../test/ratings';

/*
 * DESIGN §14: a class answer carries the user's `abilities`, and the server then allows exactly those. For each role,
 * each ability is tried on its route: allowed → anything but 403 (a 400 about the body still got past the access
 * check), refused → 403. Every route that takes an action is tried once the class is known to the user (no 404).
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
});
afterAll(() => s.close());

type World = Awaited<ReturnType<typeof classWithRoles>>;

/** One request per ability, as the web app would send it; the destructive ones come last. */
const PROBES: Record<ClassAbility, (w: World, u: TestUser) => Promise<number>> = {
  rate: async (w, u) => {
    const action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
    return (await s.api('POST', `${API}/rating`, { token: u.token, body: ratingBody(w.cls.id, action) })).statusCode;
  },
  report: async (w, u) => (await s.api('GET', `${API}/report/class/${w.cls.id}`, { token: u.token })).statusCode,
  manageStudents: async (w, u) =>
    (
      await s.api('POST', `${API}/teaching-class-student`, {
        token: u.token,
        body: { teachingClass: `${API}/teaching-class/${w.cls.id}`, firstName: 'Noor', lastName: 'Haddad' },
      })
    ).statusCode,
  manageSkills: async (w, u) => {
    const link = (await classSkills(s, w.creator, w.cls.id))[0]!;
    // The skill is in the class already: a teacher hears 400 (already there), anyone else 403.
    const body = { teachingClass: `${API}/teaching-class/${w.cls.id}`, learningSkill: `${API}/learning-skill/${link.id}` };
    return (await s.api('POST', `${API}/teaching-class-learning-skill`, { token: u.token, body })).statusCode;
  },
  // Adopting twice adds nothing twice: the probe changes nothing after the first teacher's call.
  adoptFramework: async (w, u) =>
    (await s.api('POST', `${API}/teaching-class/${w.cls.id}/framework`, { token: u.token, body: { framework: 'social-emotional' } }))
      .statusCode,
  manageLinks: async (w, u) =>
    (await s.api('POST', `${API}/teaching-class/${w.cls.id}/student-profile-user-invitations/accept`, { token: u.token })).statusCode,
  printLetters: async (w, u) => (await s.api('GET', `${API}/family-letters/class/${w.cls.id}/defaults`, { token: u.token })).statusCode,
  readAccessLog: async (w, u) => (await s.api('GET', `${API}/access-logs?teachingClass.id=${w.cls.id}`, { token: u.token })).statusCode,
  export: async (w, u) => (await s.api('GET', `${API}/export/class/${w.cls.id}`, { token: u.token })).statusCode,
  edit: async (w, u) => (await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: u.token, body: { grade: '5' } })).statusCode,
  manageTeachers: async (w, u) => {
    // Another co-teacher than the user (a co-teacher may always leave: that is no managing of teachers).
    await addCoTeacher(s, w.cls.id, await signUp(s));
    const res = await s.api('GET', `${API}/teaching-class-teachers?teachingClass.id=${w.cls.id}`, { token: w.creator.token });
    const row = (res.json()['hydra:member'] as { id: number; teacher: { id: number } }[]).find((t) => t.teacher.id !== u.id)!;
    return (await s.api('DELETE', `${API}/teaching-class-teacher/${row.id}`, { token: u.token })).statusCode;
  },
  announce: async (w, u) =>
    (
      await s.api('POST', `${API}/announcement`, {
        token: u.token,
        body: { teachingClass: `${API}/teaching-class/${w.cls.id}`, text: 'Hi' },
      })
    ).statusCode,
  delete: async (w, u) => (await s.api('DELETE', `${API}/teaching-class/${w.cls.id}`, { token: u.token })).statusCode,
};

describe('abilities on a class answer match what the server allows', () => {
  it('probes every ability the contract names', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...CLASS_ABILITIES].sort());
  });

  it.each([
    ['creator', { edit: true, delete: true, manageTeachers: true, readAccessLog: true, manageStudents: true, rate: true }],
    ['coteacher', { edit: false, delete: false, manageTeachers: false, readAccessLog: false, manageStudents: true, rate: true }],
    ['evaluator', { edit: false, delete: false, manageTeachers: false, manageStudents: false, export: false, rate: true, report: true }],
  ] as const)('for the %s', async (role, expected) => {
    const w = await classWithRoles(s);
    const u = w[role];
    const detail = await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: u.token });
    const abilities = (detail.json() as TeachingClass).abilities;
    expect(abilities).toMatchObject(expected);
    // The class list answers the same abilities as the detail.
    const list = await s.api('GET', `${API}/teaching-classes`, { token: u.token });
    expect((list.json()['hydra:member'] as TeachingClass[]).find((c) => c.id === w.cls.id)!.abilities).toEqual(abilities);
    for (const ability of Object.keys(PROBES) as ClassAbility[]) {
      const status = await PROBES[ability](w, u);
      expect({ ability, status: status === 403 ? 403 : 'allowed' }).toEqual({ ability, status: abilities[ability] ? 'allowed' : 403 });
      expect(status, ability).not.toBe(404);
    }
  });
});
