import { z } from 'zod';
import { V, idList, nullableRef, optionalText, paginationQuery, refSchema, requiredText, type JsonLd } from './common';
import type { Media } from './media';

const placeFields = {
  firstName: requiredText(100),
  lastName: optionalText(100),
  code: optionalText(50),
  /** A student avatar: an upload of yours (32) or one of the predefined set (38). */
  avatar: nullableRef,
};

export const teachingClassStudentCreateBody = z.object({ teachingClass: refSchema, ...placeFields }).strict();
export type TeachingClassStudentCreateBody = z.input<typeof teachingClassStudentCreateBody>;

export const teachingClassStudentPatchBody = z.object(placeFields).partial().strict();
export type TeachingClassStudentPatchBody = z.input<typeof teachingClassStudentPatchBody>;

/** Copies places from other classes into a destination class, re-using each Student (DESIGN §3). */
export const teachingClassStudentCopyBody = z
  .object({ teachingClass: refSchema, teachingClassStudents: z.array(refSchema, { error: V.type }).min(1, { error: V.blank }).max(200, { error: V.type }) })
  .strict();
export type TeachingClassStudentCopyBody = z.input<typeof teachingClassStudentCopyBody>;

export const teachingClassStudentListQuery = paginationQuery.extend({
  'teachingClass.id': idList.optional(),
  'student.id': idList.optional(),
  invitationCode: z.string({ error: V.type }).trim().max(32, { error: V.tooLong(32) }).optional(),
});

export const studentListQuery = paginationQuery.extend({ id: idList.optional() });

/** A student's place in one class, with the class's own names, code and avatar. */
export interface TeachingClassStudent extends JsonLd {
  id: number;
  created: string;
  updated: string;
  firstName: string;
  lastName: string | null;
  code: string | null;
  student: string;
  teachingClass: string;
  avatar: Media | null;
  creator: string | null;
  /** Only for the class's teachers: the code a parent uses to ask for a link. */
  invitationCode?: string;
}

/** The person, kept across classes. */
export interface Student extends JsonLd {
  id: number;
  created: string;
  updated: string;
  firstName: string;
  lastName: string | null;
  code: string | null;
  avatar: Media | null;
  creator: string | null;
}
