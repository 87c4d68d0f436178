import type { Principal } from '../../plugins/auth';
import { registerMediaAccess } from '../media/media.policy';
import { usersRepository } from './users.repository';

// Profiles are visible to every signed-in user, and so are their avatars.
registerMediaAccess((db, _p, ids) => usersRepository.avatarIds(db, ids));

/** Who may do what with a user profile (DESIGN §2; Outline-style policy functions). */
export const usersPolicy = {
  canSeeFull: (p: Principal, userId: number) => p.userId === userId,
  canUpdate: (p: Principal, userId: number) => p.userId === userId,
};
