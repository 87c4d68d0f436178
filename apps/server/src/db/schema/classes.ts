import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools, stamps, subscriptions, users } from './accounts';
import { media } from './media';

/** Seeded by the migration; the client translates the key (DESIGN §3). */
export const educationLevels = pgTable('education_level', {
  id: serial('id').primaryKey(),
  translationKey: text('translation_key').notNull().unique(),
});

export const teachingClasses = pgTable(
  'teaching_class',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    grade: text('grade'),
    invitationCode: text('invitation_code').notNull(),
    year: integer('year').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    isFinished: boolean('is_finished').notNull().default(false),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term'),
    educationLevelId: integer('education_level_id').references(() => educationLevels.id, { onDelete: 'set null' }),
    isIndividual: boolean('is_individual').notNull().default(false),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('teaching_class_invitation_code_uq').on(t.invitationCode),
    // The dashboard: a creator's classes, current or finished, newest first.
    index('teaching_class_creator_idx').on(t.creatorId, t.isFinished, t.created.desc()),
    index('teaching_class_subscription_idx').on(t.subscriptionId),
    index('teaching_class_created_idx').on(t.created.desc(), t.id.desc()),
    index('teaching_class_avatar_idx').on(t.avatarId),
  ],
);

/** Co-teachers of a class (the creator is not listed here). */
export const teachingClassTeachers = pgTable(
  'teaching_class_teacher',
  {
    id: serial('id').primaryKey(),
    teachingClassId: integer('teaching_class_id')
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Joined by an accepted request; false for a teacher who became one otherwise (a former owner). */
    isViaInvitation: boolean('is_via_invitation').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('teaching_class_teacher_uq').on(t.teachingClassId, t.teacherId), index('teaching_class_teacher_teacher_idx').on(t.teacherId)],
);

/** The person, kept across classes. */
export const students = pgTable(
  'student',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    code: text('code'),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('student_creator_idx').on(t.creatorId), index('student_avatar_idx').on(t.avatarId)],
);

/** A student's place in one class, with the class's own names, code and avatar. */
export const teachingClassStudents = pgTable(
  'teaching_class_student',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    code: text('code'),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teachingClassId: integer('teaching_class_id')
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    invitationCode: text('invitation_code').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('teaching_class_student_uq').on(t.teachingClassId, t.studentId),
    uniqueIndex('teaching_class_student_invitation_code_uq').on(t.invitationCode),
    index('teaching_class_student_student_idx').on(t.studentId),
    index('teaching_class_student_avatar_idx').on(t.avatarId),
  ],
);

/** A user linked to a student (a parent, say); made when a teacher approves a student-profile invitation. */
export const studentProfileUsers = pgTable(
  'student_profile_user',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The place the link was asked through; removing that place removes the link.
    teachingClassStudentId: integer('teaching_class_student_id').references(() => teachingClassStudents.id, { onDelete: 'cascade' }),
    /** Made by an approved request (false: linked otherwise, e.g. by the demo seed or an administrator). */
    isViaInvitation: boolean('is_via_invitation').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('student_profile_user_uq').on(t.studentId, t.userId),
    index('student_profile_user_user_idx').on(t.userId),
    index('student_profile_user_place_idx').on(t.teachingClassStudentId),
  ],
);
