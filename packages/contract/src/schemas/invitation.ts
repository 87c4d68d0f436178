import { z } from 'zod';
import { ACCOUNT_TYPES, INVITATION_CODE_LENGTH } from '../constants';
import { V, writeBody } from './common';
import { filter, listQuery } from './filters';
import { mediaSchema } from './media';
import { jsonLdObject, stampFields } from './responses';
import { publicUserSchema } from './user';
import { schoolSummarySchema } from './teaching-class';

/*
 * Routes (under /api/auth/v1): teaching-class-teacher-invitation[s], .../{id}/accept|reject (body-less POST, answer the
 * invitation); teaching-class-teacher[s] (GET, DELETE: the creator removes, a co-teacher leaves); teachers, teacher/{id};
 * student-profile-user-invitation[s], .../{id}/accept|reject; teaching-class/{id}/student-profile-user-invitations/accept
 * (body-less POST: every pending request of the class accepted in one transaction, answered as a collection);
 * student-profile-user[s] (GET, DELETE: unlink);
 * POST /teaching-class-student/{id}/invitation-code gives a student's place a new code (class teachers; answers the place).
 */

/** A class or student invitation code as typed: spaces and dashes are ignored, letters are upper-cased by the server. */
export const invitationCodeSchema = z
  .string({ error: V.blank })
  .trim()
  .min(1, { error: V.blank })
  .max(INVITATION_CODE_LENGTH * 4, { error: V.tooLong(INVITATION_CODE_LENGTH * 4) });

/** `POST /teaching-class-teacher-invitation` and `POST /student-profile-user-invitation`. */
export const invitationCreateBody = writeBody({ invitationCode: invitationCodeSchema });
export type InvitationCreateBody = z.input<typeof invitationCreateBody>;

/** `isPending=1`: only requests still waiting for an answer; `isApproved=1/0`: accepted / rejected ones. */
const invitationStateFilters = {
  isApproved: filter.flag('accepted (1) or rejected (0)'),
  isPending: filter.flag('still waiting for an answer (1) or answered (0)'),
};

/** `GET /teaching-class-teacher-invitations`: without `teachingClass.id`, the user's own requests and those of the classes they teach. */
export const teacherInvitationListQuery = listQuery({
  'teachingClass.id': filter.ids(),
  'teacher.id': filter.ids('the teachers who asked'),
  ...invitationStateFilters,
});

/** `GET /teaching-class-teachers`: co-teachers of the classes the user sees. */
export const classTeacherListQuery = listQuery({
  'teachingClass.id': filter.ids(),
  'teacher.id': filter.ids(),
});

/** `GET /teachers`: teachers the user works with (a shared class, their linked student's class) or shares a school with. */
export const teacherListQuery = listQuery({
  'school.id': filter.ids(),
  id: filter.ids(),
});

/** `GET /student-profile-user-invitations`: the user's own requests, and those for students of classes they teach. */
export const studentProfileInvitationListQuery = listQuery({
  'teachingClass.id': filter.ids('the class whose student code was used'),
  'student.id': filter.ids('the Student (the person)'),
  'teachingClassStudent.id': filter.ids('the place whose code was used'),
  'user.id': filter.ids('the users who asked'),
  ...invitationStateFilters,
});

/**
 * `GET /student-profile-users`: the user's own links, and the links of students of classes they teach.
 * `teachingClass.id` is the class the link was made through; a student's links in every class are `student.id=`.
 */
export const studentProfileUserListQuery = listQuery({
  'teachingClass.id': filter.ids('the class the link was made through'),
  'student.id': filter.ids('the Student (the person)'),
  'teachingClassStudent.id': filter.ids('the place the link was made through'),
  'user.id': filter.ids('the linked users'),
});

/** A class as an invitation or link names it: enough to recognise it. */
export const classLabelSchema = jsonLdObject('TeachingClass', {
  id: z.number().int(),
  name: z.string(),
  avatar: mediaSchema.nullable(),
  school: schoolSummarySchema.nullable(),
  isFinished: z.boolean(),
  /** The class's self-assessment switch (DESIGN §12): a linked student sees "Rate myself" while it is on. */
  selfAssessment: z.boolean().optional(),
});
export type ClassLabel = z.output<typeof classLabelSchema>;

/** The Student (the person) as an invitation or link names them. */
export const studentLabelSchema = jsonLdObject('Student', {
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  avatar: mediaSchema.nullable(),
});
export type StudentLabel = z.output<typeof studentLabelSchema>;

/** A user who asks to link to a student, or is linked: name, avatar and account type (parent, other, student). */
export const linkUserSchema = publicUserSchema.extend({ accountType: z.enum(ACCOUNT_TYPES) });
export type LinkUser = z.output<typeof linkUserSchema>;

/** A teacher's request to join a class. `isApproved`: null while pending, true once accepted, false once rejected. */
export const teachingClassTeacherInvitationSchema = jsonLdObject('TeachingClassTeacherInvitation', {
  ...stampFields,
  teachingClass: classLabelSchema,
  /** The teacher who asks to join. */
  teacher: publicUserSchema,
  isApproved: z.boolean().nullable(),
});
export type TeachingClassTeacherInvitation = z.output<typeof teachingClassTeacherInvitationSchema>;

/** A co-teacher of a class (the creator is the class's `creator`, not one of these). */
export const teachingClassTeacherSchema = jsonLdObject('TeachingClassTeacher', {
  ...stampFields,
  teachingClass: z.string(),
  teacher: publicUserSchema,
  /** True when the teacher joined by an accepted request; false when they became one otherwise (a former owner). */
  isViaInvitation: z.boolean(),
});
export type TeachingClassTeacher = z.output<typeof teachingClassTeacherSchema>;

/** A teacher as other users see them; `phone` only when the viewer shares a class with them. */
export const teacherSchema = jsonLdObject('Teacher', {
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: mediaSchema.nullable(),
  school: schoolSummarySchema.nullable(),
  phone: z.string().nullable().optional(),
});
export type Teacher = z.output<typeof teacherSchema>;

/** What a link request and a link both are about: a Student, through their place in one class. */
const studentPlaceFields = {
  ...stampFields,
  teachingClass: classLabelSchema,
  /** The Student (the person). */
  student: studentLabelSchema,
  /**
   * The place (`/teaching-class-student/{id}`): for a request, the one whose code was used (the manage and detail
   * screens are under it); for a link, the one it was made through (`/student/{id}` opens it for the linked user).
   */
  teachingClassStudent: z.string(),
};

/** A request to link to a student, made with the code of one of the student's places. */
export const studentProfileUserInvitationSchema = jsonLdObject('StudentProfileUserInvitation', {
  ...studentPlaceFields,
  /** The user who asks; `email` only in the answers to the class's teachers (DESIGN §8). */
  user: linkUserSchema.extend({ email: z.string().optional() }),
  isApproved: z.boolean().nullable(),
});
export type StudentProfileUserInvitation = z.output<typeof studentProfileUserInvitationSchema>;

/** A user linked to a student: they see that student's ratings, media and report, and nothing else of the class. */
export const studentProfileUserSchema = jsonLdObject('StudentProfileUser', {
  ...studentPlaceFields,
  user: linkUserSchema,
  isViaInvitation: z.boolean(),
});
export type StudentProfileUser = z.output<typeof studentProfileUserSchema>;
