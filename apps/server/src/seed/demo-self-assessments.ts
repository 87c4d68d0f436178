import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { studentProfileUsers, teachingClasses } from '../db/schema';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { selfAssessmentsRepository } from '../modules/self-assessments/self-assessments.repository';
import type { DemoUsers } from './demo-classes';

type Place = { placeId: number; studentId: number; classId: number };

/**
 * DESIGN §12 in the demo: Year 4 Sunflowers has self-assessment on; Ella Taylor's own account (`student`) is linked to
 * her place and rated herself twice, so the student page shows her stage beside the teachers' and "Rate myself".
 */
export async function seedDemoSelfAssessments(tx: DbOrTx, u: DemoUsers, ella: Place) {
  await tx.update(teachingClasses).set({ selfAssessment: true }).where(eq(teachingClasses.id, ella.classId));
  await tx.insert(studentProfileUsers).values({
    studentId: ella.studentId,
    userId: u.student,
    teachingClassStudentId: ella.placeId,
    teachingClassId: ella.classId,
    isViaInvitation: true,
  });
  const skills = await learningSkillsRepository.ofClass(tx, ella.classId, u.teacher);
  const written = [
    { points: 4, reflection: 'I listened to everyone in my group before we chose our project, even when I wanted to talk.' },
    { points: 2, reflection: 'I still forget to check my work at the end. Next time I will read it again before I hand it in.' },
  ];
  for (const [i, w] of written.entries()) {
    const skill = skills[i]?.skill;
    if (!skill) return;
    await selfAssessmentsRepository.insert(tx, {
      teachingClassId: ella.classId,
      teachingClassStudentId: ella.placeId,
      learningSkillId: skill.id,
      points: w.points,
      reflection: w.reflection,
      creatorId: u.student,
    });
  }
}
