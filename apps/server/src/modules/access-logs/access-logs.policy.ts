import type { Principal } from '../../plugins/auth';

/** Platform roles that may read every access log (DESIGN §6). */
const ADMIN_ROLES = ['ROLE_SUPER_ADMIN'];

/** Platform admins read every access log; a class's creator theirs (DESIGN §2, last row: class-access/access-rules.ts). */
export const accessLogsPolicy = {
  isAdmin: (p: Principal) => p.roles.some((r) => ADMIN_ROLES.includes(r)),
};
