import type { ListQueryOutput, studentListQuery } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { studentsPolicy } from './students.policy';
import { studentsRepository } from './students.repository';

export const studentsService = {
  list: (db: DbOrTx, p: Principal, q: ListQueryOutput<typeof studentListQuery>) => studentsRepository.listVisible(db, p.userId, { ids: q.id, classIds: q['teachingClassStudents.teachingClass.id'] }, q.itemsPerPage, offsetOf(q)),

  async get(db: DbOrTx, p: Principal, id: number) {
    const row = await studentsRepository.findVisible(db, id, p.userId);
    if (!studentsPolicy.canSee(row)) throw notFound('Student not found.');
    return row!;
  },
};
