import {
  EntityType,
  INVITATION_MESSAGES,
  NotificationType,
  fullName,
  type invitationCreateBody,
  type teacherInvitationListQuery,
  type ListQueryOutput,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { answerWritten as written } from '../../http/invitation-answer';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { brokenUniqueIndex, normalizeInvitationCode } from '../../lib/invitation-code';
import type { Principal } from '../../plugins/auth';
import { notificationsService } from '../notifications/notifications.service';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { usersRepository } from '../users/users.repository';
import { accountMay, authorize, gone, permit, teaches } from '../../class-access/access-rules';
import { teacherInvitationsRepository as repo, type TeacherInvitationFull } from './teacher-invitations.repository';
import { classTeachersRepository } from '../class-teachers/class-teachers.repository';
import { classTeachersService } from '../class-teachers/class-teachers.service';

type CreateBody = z.output<typeof invitationCreateBody>;
type ListQuery = ListQueryOutput<typeof teacherInvitationListQuery>;

/** An invitation the user may see; anyone else's does not exist for them. */
async function visible(db: DbOrTx, p: Principal, id: number): Promise<TeacherInvitationFull> {
  const row = await repo.findFull(db, id, p.userId);
  if (!row) throw gone('teacherInvitation');
  authorize(p, 'teacherInvitation.read', { role: row.role, ownerId: row.invitation.teacherId });
  return row;
}

/** An invitation the user (the class creator) may answer: 404 unseen, 403 not the creator, 409 answered the other way. */
async function answerable(db: DbOrTx, p: Principal, id: number, isApproved: boolean) {
  const row = await visible(db, p, id);
  permit(p, 'teacherInvitation.answer', row);
  // The same answer again (a double click) changes nothing and is no error; the other answer is a conflict.
  if (row.invitation.isApproved !== null && row.invitation.isApproved !== isApproved) throw conflict(INVITATION_MESSAGES.notPending);
  return { ...row, answered: row.invitation.isApproved !== null };
}

export const teacherInvitationsService = {
  get: visible,

  list: (db: DbOrTx, p: Principal, q: ListQuery) =>
    repo.listVisible(
      db,
      p.userId,
      { classIds: q['teachingClass.id'], teacherIds: q['teacher.id'], isApproved: q.isApproved, isPending: q.isPending },
      q.itemsPerPage,
      offsetOf(q),
    ),

  /** A teacher asks to join the class of a code; its creator is notified (type 4). */
  async create(db: Db, p: Principal, b: CreateBody) {
    const accountType = await usersRepository.accountType(db, p.userId);
    if (!accountMay(accountType, 'teacherInvitation.create')) throw forbidden(INVITATION_MESSAGES.teachersOnly);
    const code = normalizeInvitationCode(b.invitationCode);
    const found = code ? await classTeachersRepository.classByCode(db, code, p.userId) : null;
    if (!found) throw violation('invitationCode', INVITATION_MESSAGES.classCodeUnknown);
    const { cls, role } = found;
    refuseIfFinished(cls, INVITATION_MESSAGES.classFinished);
    if (teaches(role)) throw violation('invitationCode', INVITATION_MESSAGES.alreadyTeacher);
    if (await repo.hasPending(db, cls.id, p.userId)) throw violation('invitationCode', INVITATION_MESSAGES.teacherRequestPending);
    try {
      return await db.transaction(async (tx) => {
        if (!(await lockOpenClass(tx, cls.id, 'share', INVITATION_MESSAGES.classFinished)))
          throw violation('invitationCode', INVITATION_MESSAGES.classCodeUnknown);
        const id = await repo.insert(tx, cls.id, p.userId);
        const requester = (await usersRepository.findById(tx, p.userId))!.user;
        await notificationsService.notify(tx, {
          recipients: [cls.creatorId],
          notificationType: NotificationType.TeacherInvitationReceived,
          entityType: EntityType.TeacherInvitation,
          entityId: id,
          params: { teacher: fullName(requester), class: cls.name },
          path: `/teaching-class/${cls.id}/teachers`,
        });
        return id;
      });
    } catch (e) {
      // Two requests racing: the pending-request index lets one through.
      if (brokenUniqueIndex(e)?.includes('pending_uq')) throw violation('invitationCode', INVITATION_MESSAGES.teacherRequestPending);
      throw e;
    }
  },

  /** The creator accepts: the requester becomes a co-teacher, is notified (5), and the other teachers too (2). */
  async accept(db: Db, p: Principal, id: number) {
    const { invitation, answered } = await answerable(db, p, id, true);
    if (answered) return;
    await db.transaction(async (tx) => {
      // The class first, then the request (the order a class's deletion takes), so that answers never deadlock.
      await lockOpenClass(tx, invitation.teachingClassId, 'update');
      if (!written(await repo.answer(tx, id, true))) return;
      const cls = (await classAccessRepository.findAccess(tx, invitation.teachingClassId, p.userId))!.cls;
      const teacherRow = await classTeachersRepository.add(tx, cls.id, invitation.teacherId, true);
      const creator = (await usersRepository.findById(tx, cls.creatorId))!.user;
      await notificationsService.notify(tx, {
        recipients: [invitation.teacherId],
        notificationType: NotificationType.TeacherInvitationAccepted,
        entityType: EntityType.TeachingClass,
        entityId: cls.id,
        params: { creator: fullName(creator), class: cls.name },
        path: `/teaching-class/${cls.id}`,
      });
      if (teacherRow) await classTeachersService.notifyAdded(tx, cls, teacherRow, invitation.teacherId, p.userId);
    });
  },

  async reject(db: Db, p: Principal, id: number) {
    const { invitation, answered } = await answerable(db, p, id, false);
    if (answered) return;
    await db.transaction(async (tx) => {
      await lockOpenClass(tx, invitation.teachingClassId);
      written(await repo.answer(tx, id, false));
    });
  },
};
