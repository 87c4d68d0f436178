import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { students, teachingClasses, teachingClassStudents } from './classes';

/** A teacher's request to join a class as a co-teacher; `isApproved` is null while pending. */
export const teachingClassTeacherInvitations = pgTable(
  'teaching_class_teacher_invitation',
  {
    id: serial('id').primaryKey(),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    teacherId: belongsTo('teacher_id', () => users.id),
    isApproved: boolean('is_approved'),
    ...stamps,
  },
  (t) => [
    // One pending request per teacher and class: the database refuses a second one even when two race.
    uniqueIndex('teaching_class_teacher_invitation_pending_uq')
      .on(t.teachingClassId, t.teacherId)
      .where(sql`${t.isApproved} is null`),
    index('teaching_class_teacher_invitation_class_idx').on(t.teachingClassId, t.created.desc()),
    index('teaching_class_teacher_invitation_teacher_idx').on(t.teacherId, t.created.desc()),
  ],
);

/**
 * A user's request to link to a student, made with the invitation code of one of the student's places. The class
 * and the Student are those of the place (kept here so that filters and the one-pending rule need no join).
 */
export const studentProfileUserInvitations = pgTable(
  'student_profile_user_invitation',
  {
    id: serial('id').primaryKey(),
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    studentId: belongsTo('student_id', () => students.id),
    userId: belongsTo('user_id', () => users.id),
    isApproved: boolean('is_approved'),
    ...stamps,
  },
  (t) => [
    // One pending request per user and place: a link is to one class (DESIGN §2).
    uniqueIndex('student_profile_user_invitation_place_pending_uq')
      .on(t.teachingClassStudentId, t.userId)
      .where(sql`${t.isApproved} is null`),
    index('student_profile_user_invitation_class_idx').on(t.teachingClassId, t.created.desc()),
    index('student_profile_user_invitation_place_idx').on(t.teachingClassStudentId),
    index('student_profile_user_invitation_user_idx').on(t.userId, t.created.desc()),
  ],
);
