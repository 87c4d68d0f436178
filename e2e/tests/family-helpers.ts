import type { Page } from '@playwright/test';
import { signInViaApi, signUpViaApi } from './fixtures';
import { API, apiPost, classWithStudents } from './rating-helpers';

/** A teacher's class with a rating of Ana Lima, and a new parent linked to her only. */
export async function parentOfAna(teacherPage: Page, parentPage: Page) {
  const { token, classId, name } = await classWithStudents(teacherPage);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const places = (await (await teacherPage.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, auth)).json())[
    'hydra:member'
  ] as { id: number; '@id': string; firstName: string; invitationCode: string }[];
  const ana = places.find((p) => p.firstName === 'Ana')!;
  const skills = (await (await teacherPage.request.get(`${API}/teaching-class/${classId}/learning-skills`, auth)).json())[
    'hydra:member'
  ] as { learningActions: { id: number }[] }[];
  await apiPost(teacherPage, token, '/rating', {
    teachingClass: classId,
    learningAction: skills[0]!.learningActions[0]!.id,
    date: new Date().toISOString().slice(0, 10),
    points: 4,
    students: [ana['@id']],
  });
  const parent = await signUpViaApi(parentPage, { firstName: 'Pat', lastName: 'Parent', accountTypeRadio: 'parent_user' });
  const { token: parentToken } = await signInViaApi(parentPage, parent.username, parent.password);
  const request = await apiPost<{ id: number }>(parentPage, parentToken, '/student-profile-user-invitation', {
    invitationCode: ana.invitationCode,
  });
  await apiPost(teacherPage, token, `/student-profile-user-invitation/${request.id}/accept`, undefined);
  const rateAna = (points: number) =>
    apiPost(teacherPage, token, '/rating', {
      teachingClass: classId,
      learningAction: skills[0]!.learningActions[0]!.id,
      date: new Date().toISOString().slice(0, 10),
      points,
      students: [ana['@id']],
    });
  return { className: name, classId, placeId: ana.id, rateAna };
}
