import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, schools, stamps, subscriptions, users } from './accounts';
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
    /** Points a quick rating gives (DESIGN §7): 1 to 5. */
    defaultPoints: smallint('default_points').notNull().default(3),
    /** Families may comment on the class's ratings (DESIGN §11); off: no new comments, and families see none. */
    familyComments: boolean('family_comments').notNull().default(true),
    /** When the teachers answer messages (DESIGN §11): ISO weekdays and HH:mm in the creator's zone; null for none. */
    officeHours: jsonb('office_hours').$type<{ days: number[]; start: string; end: string }>(),
    /** DESIGN §12: students linked to their own place may rate themselves. */
    selfAssessment: boolean('self_assessment').notNull().default(false),
    /** DESIGN §12: days without a rating after which a student counts as not observed. */
    coverageDays: smallint('coverage_days').notNull().default(14),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    creatorId: belongsTo('creator_id', () => users.id),
    term: text('term'),
    educationLevelId: integer('education_level_id').references(() => educationLevels.id, { onDelete: 'set null' }),
    isIndividual: boolean('is_individual').notNull().default(false),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** When the class was last finished (null while it runs): retention counts from it (DESIGN §6). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When its teachers were told that retention will delete the class (notification type 9), so they are told once. */
    retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
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
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    teacherId: belongsTo('teacher_id', () => users.id),
    /** Joined by an accepted request; false for a teacher who became one otherwise (a former owner). */
    isViaInvitation: boolean('is_via_invitation').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('teaching_class_teacher_uq').on(t.teachingClassId, t.teacherId),
    index('teaching_class_teacher_teacher_idx').on(t.teacherId),
  ],
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
    studentId: belongsTo('student_id', () => students.id),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    invitationCode: text('invitation_code').notNull(),
    /** The language of the family letter for this place (DESIGN §8); null: the class creator's. */
    familyLanguage: text('family_language'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('teaching_class_student_uq').on(t.teachingClassId, t.studentId),
    uniqueIndex('teaching_class_student_invitation_code_uq').on(t.invitationCode),
    index('teaching_class_student_student_idx').on(t.studentId),
    index('teaching_class_student_avatar_idx').on(t.avatarId),
  ],
);

/**
 * A user linked to a student (a parent, say) in one class (DESIGN §2: a link is to one class); made when a teacher
 * of that class approves a student-profile invitation. The same user may hold a link per class of the student.
 */
export const studentProfileUsers = pgTable(
  'student_profile_user',
  {
    id: serial('id').primaryKey(),
    studentId: belongsTo('student_id', () => students.id),
    userId: belongsTo('user_id', () => users.id),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    // The place the link is to; removing that place (or the class) removes the link.
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    /** Made by an approved request (false: linked otherwise, e.g. by the demo seed or an administrator). */
    isViaInvitation: boolean('is_via_invitation').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('student_profile_user_place_user_uq').on(t.teachingClassStudentId, t.userId),
    index('student_profile_user_user_idx').on(t.userId),
    index('student_profile_user_student_idx').on(t.studentId),
    index('student_profile_user_class_idx').on(t.teachingClassId),
  ],
);

/**
 * Who saw a child's record (DESIGN §6): each export, each report of a student, and each read of a student's record or
 * media by a linked user or an evaluator. Kept as long as the record: it goes with the Student.
 */
export const accessLogs = pgTable(
  'access_log',
  {
    id: serial('id').primaryKey(),
    /** Null once the account is deleted ("Former member"). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    studentId: belongsTo('student_id', () => students.id),
    /** The class the record was read in; null when it covered every class the user may see, or the class is gone. */
    teachingClassId: integer('teaching_class_id').references(() => teachingClasses.id, { onDelete: 'set null' }),
    /** What was done: 'export', 'report', 'report_pdf', 'report_spreadsheet', 'record', 'media'. */
    action: text('action').notNull(),
    /** What exactly, when it says more (a media id, a rating id, an export's class). */
    detail: text('detail'),
    /** The address the request came from (behind a trusted proxy, the client's). */
    address: text('address'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_log_student_idx').on(t.studentId, t.created.desc()),
    index('access_log_class_idx').on(t.teachingClassId, t.created.desc()),
    index('access_log_user_idx').on(t.userId),
  ],
);
