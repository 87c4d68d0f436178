import type { Principal } from '../../plugins/auth';

/** Who may do what with a user profile (DESIGN §2; Outline-style policy functions). */
export const usersPolicy = {
  canSeeFull: (p: Principal, userId: number) => p.userId === userId,
  canUpdate: (p: Principal, userId: number) => p.userId === userId,
};
