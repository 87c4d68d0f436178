import { ClassUserType } from '@skillroom/contract';
import type { Principal } from '../../plugins/auth';
import type { ClassRole } from '../../class-access/class-roles';

/** Platform roles that may read every access log (DESIGN §6). */
const ADMIN_ROLES = ['ROLE_SUPER_ADMIN'];

/** Who reads the access log (DESIGN §2, last row): the class creator for their class's students; platform admins all. */
export const accessLogsPolicy = {
  isAdmin: (p: Principal) => p.roles.some((r) => ADMIN_ROLES.includes(r)),
  canRead: (r: ClassRole) => r === ClassUserType.Creator,
};
