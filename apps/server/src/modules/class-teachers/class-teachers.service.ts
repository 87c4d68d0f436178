import {
  EntityType,
  ErrorText,
  NotificationType,
  fullName,
  type classTeacherListQuery,
  type teacherListQuery,
  type ListQueryOutput,
} from '@skillroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { notificationsService } from '../notifications/notifications.service';
import { authorize } from '../../class-access/access-rules';
import { usersRepository } from '../users/users.repository';
import { classTeachersRepository as repo } from './class-teachers.repository';
import { teachersRepository } from './teachers.repository';

type ListQuery = ListQueryOutput<typeof classTeacherListQuery>;
type TeacherQuery = ListQueryOutput<typeof teacherListQuery>;

async function visible(db: DbOrTx, p: Principal, id: number) {
  const row = await repo.findFull(db, id, p.userId);
  authorize(p, 'classTeacher.read', row);
  return row;
}

export const classTeachersService = {
  get: visible,

  /**
   * A co-teacher was added (type 2): the class's other teachers are told, except whoever made it happen (the creator
   * who accepted, or the former owner now a co-teacher), who needs no word of their own act, and `alsoSkip`.
   */
  async notifyAdded(
    tx: DbOrTx,
    cls: { id: number; name: string },
    rowId: number,
    teacherId: number,
    actorId: number,
    alsoSkip: number[] = [],
  ) {
    const teacher = (await usersRepository.findById(tx, teacherId))!.user;
    const skip = new Set([teacherId, actorId, ...alsoSkip]);
    const others = (await repo.teacherIds(tx, cls.id)).filter((u) => !skip.has(u));
    await notificationsService.notify(tx, {
      recipients: others,
      notificationType: NotificationType.TeacherCreated,
      entityType: EntityType.TeachingClassTeacher,
      entityId: rowId,
      params: { teacher: fullName(teacher), class: cls.name },
      path: `/teaching-class/${cls.id}`,
    });
  },

  /**
   * An owner change (DESIGN §2): the new owner is told they own the class (type 8), the other teachers that the former
   * owner is now a co-teacher (type 2); the former owner, who made the change, is told nothing.
   */
  async notifyOwnerChanged(
    tx: DbOrTx,
    cls: { id: number; name: string },
    formerOwnerRow: number,
    formerOwnerId: number,
    newOwnerId: number,
  ) {
    const former = (await usersRepository.findById(tx, formerOwnerId))!.user;
    await notificationsService.notify(tx, {
      recipients: [newOwnerId],
      notificationType: NotificationType.ClassOwned,
      entityType: EntityType.TeachingClass,
      entityId: cls.id,
      params: { teacher: fullName(former), class: cls.name },
      path: `/teaching-class/${cls.id}`,
    });
    await this.notifyAdded(tx, cls, formerOwnerRow, formerOwnerId, formerOwnerId, [newOwnerId]);
  },

  list: (db: DbOrTx, p: Principal, q: ListQuery) =>
    repo.listVisible(db, p.userId, { classIds: q['teachingClass.id'], teacherIds: q['teacher.id'] }, q.itemsPerPage, offsetOf(q)),

  /** The creator removes a co-teacher (who is notified, type 3); a co-teacher may remove only themselves (leave). */
  async remove(db: Db, p: Principal, id: number) {
    const { row, role, className } = await visible(db, p, id);
    authorize(p, 'classTeacher.remove', { role, ownerId: row.teacherId });
    const leaving = row.teacherId === p.userId;
    await db.transaction(async (tx) => {
      if (!(await repo.delete(tx, id))) throw notFound(ErrorText.classTeacherView);
      if (leaving) return;
      const creator = (await usersRepository.findById(tx, p.userId))!.user;
      await notificationsService.notify(tx, {
        recipients: [row.teacherId],
        notificationType: NotificationType.TeacherRemoved,
        entityType: EntityType.TeachingClassTeacher,
        entityId: id,
        params: { creator: fullName(creator), class: className },
        path: null,
      });
    });
  },

  listTeachers: (db: DbOrTx, p: Principal, q: TeacherQuery) =>
    teachersRepository.listVisible(db, p.userId, { schoolIds: q['school.id'], ids: q.id }, q.itemsPerPage, offsetOf(q)),

  async getTeacher(db: DbOrTx, p: Principal, id: number) {
    const row = await teachersRepository.findVisible(db, p.userId, id);
    if (!row) throw notFound(ErrorText.teacherAccess);
    return row;
  },
};
