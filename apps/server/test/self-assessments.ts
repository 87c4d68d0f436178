import { signUp, type TestServer } from './harness';
import { API, linkUser, type classWithRoles } from './classes';
import { classSkills } from './ratings';

type World = Awaited<ReturnType<typeof classWithRoles>>;

/**
 * DESIGN §12's writers: a student account linked to the class's first place, another to its second, and the skill they
 * rate themselves on (the class's first).
 */
export async function studentsOfPlaces(s: TestServer, w: World) {
  const student = await signUp(s, { accountTypeRadio: 'student_user' });
  const otherStudent = await signUp(s, { accountTypeRadio: 'student_user' });
  await linkUser(s, w.first, student);
  await linkUser(s, w.second, otherStudent);
  const skillId = (await classSkills(s, w.creator, w.cls.id))[0]!.id;
  return { student, otherStudent, skillId };
}

export const placeIri = (id: number) => `${API}/teaching-class-student/${id}`;

/** A self-assessment's body for a place and skill; `o` changes or adds fields. */
export const selfAssessmentBody = (skillId: number, placeId: number, o: Record<string, unknown> = {}) => ({
  teachingClassStudent: placeIri(placeId),
  learningSkill: `${API}/learning-skill/${skillId}`,
  points: 4,
  reflection: 'I explained my fractions to Bao and he got it.',
  ...o,
});
