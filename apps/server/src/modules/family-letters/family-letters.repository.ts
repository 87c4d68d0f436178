import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schools, studentProfileUsers, teachingClasses, teachingClassStudents, users } from '../../db/schema';

export type LetterClass = NonNullable<Awaited<ReturnType<typeof familyLettersRepository.classOf>>>;
export type LetterPlace = Awaited<ReturnType<typeof familyLettersRepository.places>>[number];

/** What a family letter prints: the class with its school and creator, and the places with their codes. */
export const familyLettersRepository = {
  async classOf(db: DbOrTx, classId: number) {
    const [row] = await db
      .select({
        name: teachingClasses.name,
        school: schools.name,
        creatorFirstName: users.firstName,
        creatorLastName: users.lastName,
        creatorLanguage: users.preferredLanguage,
      })
      .from(teachingClasses)
      .innerJoin(users, eq(users.id, teachingClasses.creatorId))
      .leftJoin(schools, eq(schools.id, teachingClasses.schoolId))
      .where(eq(teachingClasses.id, classId));
    return row ?? null;
  },

  /**
   * The family's language per place of the class, where one is known: the preferred language of a user linked to the
   * place's student, a link in this class first, else the newest link in another class (the teachers see those links
   * on the student's manage screen too).
   */
  familyLanguages: (db: DbOrTx, classId: number) =>
    db
      .selectDistinctOn([teachingClassStudents.id], { place: teachingClassStudents.id, language: users.preferredLanguage })
      .from(teachingClassStudents)
      .innerJoin(studentProfileUsers, eq(studentProfileUsers.studentId, teachingClassStudents.studentId))
      .innerJoin(users, eq(users.id, studentProfileUsers.userId))
      .where(eq(teachingClassStudents.teachingClassId, classId))
      .orderBy(
        teachingClassStudents.id,
        desc(sql`${studentProfileUsers.teachingClassId} = ${classId}`),
        desc(studentProfileUsers.created),
        desc(studentProfileUsers.id),
      ),

  /** The class's places (all, or those named), in the class list's order. */
  places: (db: DbOrTx, classId: number, ids?: number[]) =>
    db
      .select({
        id: teachingClassStudents.id,
        firstName: teachingClassStudents.firstName,
        lastName: teachingClassStudents.lastName,
        invitationCode: teachingClassStudents.invitationCode,
        familyLanguage: teachingClassStudents.familyLanguage,
      })
      .from(teachingClassStudents)
      .where(and(eq(teachingClassStudents.teachingClassId, classId), ids ? inArray(teachingClassStudents.id, ids) : undefined))
      .orderBy(asc(teachingClassStudents.firstName), asc(teachingClassStudents.lastName), asc(teachingClassStudents.id)),
};
