import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { jsonLdObject } from './responses';

/*
 * Who may see a child's record (DESIGN §2, §6): extending a family link to another class of the student, and the
 * access log that records who read the record.
 */

/** `POST /student-profile-user/{id}/extend`: link the same user to the same Student in another of their places. */
export const studentLinkExtendBody = writeBody({ teachingClassStudent: refSchema });
export type StudentLinkExtendBody = z.input<typeof studentLinkExtendBody>;

/** What a reader did with a student's record (DESIGN §6 "Access log"). */
export const ACCESS_LOG_ACTIONS = ['export', 'report', 'report_pdf', 'report_spreadsheet', 'record', 'media', 'growth'] as const;
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];

/** `GET /access-logs`: a class creator's students (their classes), or every one for platform admins; newest first. */
export const accessLogListQuery = listQuery(
  {
    'teachingClass.id': filter.ids('the classes the record was read in (with reads across classes of their students)'),
    'student.id': filter.ids('the Students (the persons) whose record was read'),
  },
  PAGE_SIZE.default,
);

/** One read of a student's record: who (null once their account is deleted: "Former member"), what, when, from where. */
export const accessLogSchema = jsonLdObject('AccessLog', {
  id: z.number().int(),
  user: z
    .strictObject({ '@id': z.string(), id: z.number().int(), firstName: z.string(), lastName: z.string(), accountType: z.string() })
    .nullable(),
  student: z.strictObject({ '@id': z.string(), id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }),
  /** The class the record was read in; null for a read across every class the reader may see, or a class since deleted. */
  teachingClass: z.strictObject({ '@id': z.string(), id: z.number().int(), name: z.string() }).nullable(),
  action: z.enum(ACCESS_LOG_ACTIONS),
  /** What exactly: `rating/12`, `media/34`, `ratings` (a feed), `student` (the student's page), a report's range. */
  detail: z.string().nullable(),
  address: z.string().nullable(),
  created: z.string(),
});
export type AccessLog = z.output<typeof accessLogSchema>;

/** Error texts of the family-link and access-log rules (server answers; the web shows its own translations). */
export const ACCESS_MESSAGES = {
  unlink: 'Only the teachers of the class, or the linked user themselves, can remove this link.',
  extendTeachers: "Only the class's teachers can extend a family link to it.",
  extendSameStudent: 'This place is not one of the same student.',
  extendPlace: 'This value should be a student of one of your classes.',
  alreadyLinkedThere: 'This user is already linked to the student in this class.',
  accessLogCreator: "Only the class's creator reads the access log of its students.",
} as const;
