import { ClassUserType } from '@skillroom/contract';
import type { ClassRole } from '../../class-access/class-roles';

const teaches = (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher;

/** Who may do what with a request to join a class (DESIGN §2). */
export const teacherInvitationsPolicy = {
  /** Teacher accounts ask to join; parents and others link to a student instead. */
  canRequest: (accountType: string | null) => accountType === 'teacher',
  /** The requester, and the class's teachers (the teachers screen lists pending requests). */
  canSee: (i: { teacherId: number }, userId: number, role: ClassRole) => i.teacherId === userId || teaches(role),
  /** Only the creator accepts or rejects. */
  canAnswer: (role: ClassRole) => role === ClassUserType.Creator,
  /** Someone who already teaches the class has nothing to ask. */
  alreadyTeaches: teaches,
};
