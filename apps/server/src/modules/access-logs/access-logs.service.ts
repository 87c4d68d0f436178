import { ClassUserType, type accessLogListQuery, type ListQueryOutput } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { authorize, permit } from '../../class-access/access-rules';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { accessLogsPolicy as policy } from './access-logs.policy';
import { accessLogsRepository as repo } from './access-logs.repository';

type Query = ListQueryOutput<typeof accessLogListQuery>;

export const accessLogsService = {
  /**
   * The log of a class creator's students (of the classes named, else of all they created), or every log for a
   * platform admin. A class the user cannot see is unknown (404); one they see but did not create is a 403.
   */
  async list(db: DbOrTx, p: Principal, q: Query) {
    const classIds = q['teachingClass.id'];
    const studentIds = q['student.id'];
    const page = [q.itemsPerPage, offsetOf(q)] as const;
    if (policy.isAdmin(p)) return repo.list(db, { classIds, studentIds }, ...page);
    if (!classIds) {
      // The subject is the classes they created: the creator's rule, asked of all of them at once.
      permit(p, 'class.readAccessLog', { role: (await repo.createsAnyClass(db, p.userId)) ? ClassUserType.Creator : null });
      return repo.list(db, { classIds: repo.createdClassIdsSql(p.userId), studentIds }, ...page);
    }
    for (const id of classIds) {
      authorize(p, 'class.readAccessLog', await classAccessRepository.findAccess(db, id, p.userId));
    }
    return repo.list(db, { classIds, studentIds }, ...page);
  },
};
