import { ClassUserType, type AccountType } from '@skillroom/contract';
import type { ClassRole } from '../../class-access/class-roles';

const LINK_ACCOUNTS: readonly AccountType[] = ['parent_user', 'other_user', 'student_user'];
const teaches = (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher;

/** Who may do what with student-profile requests and links (DESIGN §1, §2). */
export const studentLinksPolicy = {
  /** Parents, other and student accounts link to a student; teachers join classes instead. */
  canRequest: (accountType: string | null) => LINK_ACCOUNTS.includes(accountType as AccountType),
  /** The requester, and the teachers of the class whose code was used. */
  canSeeInvitation: (i: { userId: number }, userId: number, role: ClassRole) => i.userId === userId || teaches(role),
  /** The class's creator and co-teachers approve or reject, one request or all of a class's at once. */
  canAnswer: teaches,
  /**
   * The requester's e-mail lets a teacher tell a real parent from a stranger holding a code (DESIGN §8); it is shown
   * to the class's teachers only: never to evaluators, nor to the requester's fellow parents.
   */
  canSeeRequesterEmail: teaches,
  /** The linked user, and the teachers of a class in which the student has a place. */
  canSeeLink: (l: { userId: number }, userId: number, teachesStudent: boolean) => l.userId === userId || teachesStudent,
  /** A link is removed by the teachers of its class, or by the linked user (DESIGN §2: "only their own link"). */
  canUnlink: (l: { userId: number }, userId: number, role: ClassRole) => l.userId === userId || teaches(role),
  /** A link is extended to a class by that class's teachers. */
  canExtend: teaches,
};
