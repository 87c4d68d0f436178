import type { Principal } from '../../plugins/auth';

/** Who may do what with a user profile (DESIGN §2; Outline-style policy functions). */
export const usersPolicy = {
  /** The full profile (e-mail, phone…) is its user's; the rest see the public one. Editing: class-access/access-rules.ts. */
  canSeeFull: (p: Principal, userId: number) => p.userId === userId,
};
