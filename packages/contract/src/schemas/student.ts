import { z } from 'zod';
import { LOCALES } from '../constants';
import { V, nullableRef, optionalText, refSchema, writeBody } from './common';
import { filter, listQuery, type ListQuery } from './filters';
import { mediaSchema } from './media';
import { jsonLdObject, stampFields } from './responses';
import { optionalPersonName, personName } from './names';

const placeFields = {
  firstName: personName(100),
  lastName: optionalPersonName(100),
  code: optionalText(50),
  /** A student avatar: an upload of yours (32) or one of the predefined set (38). */
  avatar: nullableRef,
  /** The language of the family letter for this place (DESIGN §8); null: the class creator's preferred language. */
  familyLanguage: z.enum(LOCALES, { error: V.choice }).nullish(),
};

/** What a place shows but is not written through its body. */
const placeReadOnly = ['student', 'creator', 'invitationCode'];

export const teachingClassStudentCreateBody = writeBody({ teachingClass: refSchema, ...placeFields }, placeReadOnly);
export type TeachingClassStudentCreateBody = z.input<typeof teachingClassStudentCreateBody>;

// A place stays in its class: `teachingClass` sent back is read, not moved.
export const teachingClassStudentPatchBody = writeBody(placeFields, [...placeReadOnly, 'teachingClass']).partial();
export type TeachingClassStudentPatchBody = z.input<typeof teachingClassStudentPatchBody>;

/**
 * `PUT /teaching-class-student/{id}`: a full replace of the place's names, code and avatar with PATCH's rules;
 * firstName required as on POST, the others not sent are cleared. familyLanguage (ours, unknown to the product's
 * clients) changes only when sent; `teachingClass` sent back is read, not moved.
 */
export const teachingClassStudentPutBody = writeBody({ ...placeFields, avatar: nullableRef.transform((v) => v ?? null) }, [
  ...placeReadOnly,
  'teachingClass',
]);
export type TeachingClassStudentPutBody = z.input<typeof teachingClassStudentPutBody>;

/** Copies places from other classes into a destination class, re-using each Student (DESIGN §3). */
export const teachingClassStudentCopyBody = z
  .object({
    teachingClass: refSchema,
    teachingClassStudents: z.array(refSchema, { error: V.type }).min(1, { error: V.blank }).max(200, { error: V.type }),
  })
  .strict();
export type TeachingClassStudentCopyBody = z.input<typeof teachingClassStudentCopyBody>;

export const teachingClassStudentListQuery = listQuery({
  /** These places only: the web reads one place through it, so a place that is gone answers an empty page, not a 404. */
  id: filter.ids('these places only'),
  'teachingClass.id': filter.ids(),
  'student.id': filter.ids(),
  invitationCode: filter.text(32, 'the place of this parent-link code'),
});

export const studentListQuery = listQuery({
  id: filter.ids(),
  'teachingClassStudents.teachingClass.id': filter.ids('students with a place in these classes'),
});

/** What a Student and each of their places have: names and a code (a place's own, in its class). */
const namedStudentFields = {
  ...stampFields,
  firstName: z.string(),
  lastName: z.string().nullable(),
  code: z.string().nullable(),
  avatar: mediaSchema.nullable(),
  /** The user who added them (an IRI); null once that account is gone. */
  creator: z.string().nullable(),
};

/** A student's place in one class, with the class's own names, code and avatar. */
export const teachingClassStudentSchema = jsonLdObject('TeachingClassStudent', {
  ...namedStudentFields,
  student: z.string(),
  teachingClass: z.string(),
  /** Only for the class's teachers: the code a parent uses to ask for a link. */
  invitationCode: z.string().optional(),
  /** The family letter's language (DESIGN §8); null: the class creator's preferred language. */
  familyLanguage: z.enum(LOCALES).nullable(),
});
export type TeachingClassStudent = z.output<typeof teachingClassStudentSchema>;



/**
 * `GET /family-letters/class/{teachingClassId}`: a page per student of the class, or only the places named
 * (`teachingClassStudent[]=`, also `teaching_class_student[]=`). Not a paged list, so no page or itemsPerPage.
 */
export const familyLettersQuery = {
  filters: { teachingClassStudent: filter.ids('only the letters of these places of the class') },
  schema: z.object({ teachingClassStudent: filter.ids().schema.optional() }).strict(),
} satisfies ListQuery;
export type FamilyLettersQuery = z.output<typeof familyLettersQuery.schema>;
/**
 * `GET /family-letters/class/{id}/defaults` (issue 36 §5): the language each letter is printed in when the teacher
 * picks none. A place's `familyLanguage` first; else the family's known language, `familyLanguages` (the preferred
 * language of a user linked to the student, in this class first, else in another); else the class's `language` (its
 * creator's, DESIGN §8), null when the class has none of ours (the dialog then offers the reader's).
 */
export const familyLetterDefaultsSchema = z.strictObject({
  '@type': z.literal('FamilyLetterDefaults'),
  language: z.enum(LOCALES).nullable(),
  familyLanguages: z.array(z.strictObject({ teachingClassStudent: z.number().int(), language: z.enum(LOCALES) })),
});
export type FamilyLetterDefaults = z.output<typeof familyLetterDefaultsSchema>;

/** The person, kept across classes. */
export const studentSchema = jsonLdObject('Student', namedStudentFields);
export type Student = z.output<typeof studentSchema>;
