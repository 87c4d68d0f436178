import type { Principal } from '../../plugins/auth';

/** Who may do what with a user profile (DESIGN §2; Outline-style policy functions). */
export const usersPolicy = {
  canSeeFull: (p: Principal, userId: number) => p.userId === userId,
  canUpdate: (p: Principal, userId: number) => p.userId === userId,
  /** Only one's own account (DESIGN §6 "Accounts"); an administrator does not delete others' through the API. */
  canDelete: (p: Principal, userId: number) => p.userId === userId,
};
