import { roleMay, type Subject } from '../../class-access/access-rules';

/** What is known about a user and one place: their role in its class, and whether they are linked to its student. */
export type PlaceAccess = Subject;

/** The place rules the presenters need (DESIGN §2, student rows; the table is class-access/access-rules.ts). */
export const teachingClassStudentsPolicy = {
  /** The student's invitation code is handed out by the class's teachers. */
  canSeeInvitationCode: (a: PlaceAccess) => roleMay(a.role ?? null, 'class.seeCodes'),
};
