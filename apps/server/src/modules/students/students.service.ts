import type { ListQueryOutput, studentListQuery } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { authorized } from '../../class-access/access-rules';
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { studentsRepository } from './students.repository';

export const studentsService = {
  list: (db: DbOrTx, p: Principal, q: ListQueryOutput<typeof studentListQuery>) => studentsRepository.listVisible(db, p.userId, { ids: q.id, classIds: q['teachingClassStudents.teachingClass.id'] }, q.itemsPerPage, offsetOf(q)),

  async get(db: DbOrTx, p: Principal, id: number) {
    const row = await studentsRepository.findVisible(db, id, p.userId);
    // Who sees a Student is the SQL of findVisible (class-access/visibility.sql.ts): lists and reads never disagree.
    return authorized(p, 'student.read', row, () => ({ visible: true }));
  },
};
