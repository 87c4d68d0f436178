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
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { notificationsService } from '../notifications/notifications.service';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { usersRepository } from '../users/users.repository';
import { teaches } from '../../class-access/access-rules';
import { invitationWorkflow } from '../invitation-workflow';
import { teacherInvitationsRepository as repo } from './teacher-invitations.repository';
import { classTeachersRepository } from '../class-teachers/class-teachers.repository';
import { classTeachersService } from '../class-teachers/class-teachers.service';

type CreateBody = z.output<typeof invitationCreateBody>;
type ListQuery = ListQueryOutput<typeof teacherInvitationListQuery>;

/** A teacher asks to join a class (its code); its creator answers, and an accepted request makes a co-teacher. */
const workflow = invitationWorkflow({
  resource: 'teacherInvitation',
  find: repo.findFull,
  ownerOf: (row) => row.invitation.teacherId,
  answer: repo.answer,
  // An accept adds a teacher: the class is locked for update, as changing its teachers always does.
  acceptLock: 'update',
  messages: {
    unknownCode: INVITATION_MESSAGES.classCodeUnknown,
    already: INVITATION_MESSAGES.alreadyTeacher,
    pending: INVITATION_MESSAGES.teacherRequestPending,
  },
  async byCode(db, code, userId) {
    const found = await classTeachersRepository.classByCode(db, code, userId);
    return found && { cls: found.cls, already: teaches(found.role) };
  },
  hasPending: (db, { cls }, userId) => repo.hasPending(db, cls.id, userId),
  insert: (tx, { cls }, userId) => repo.insert(tx, cls.id, userId),
  /** The class creator is notified (type 4). */
  received: async (_tx, { cls }, id, teacher) => ({
    recipients: [cls.creatorId],
    notificationType: NotificationType.TeacherInvitationReceived,
    entityType: EntityType.TeacherInvitation,
    entityId: id,
    params: { teacher, class: cls.name },
    path: `/teaching-class/${cls.id}/teachers`,
  }),
  /** The requester becomes a co-teacher, is notified (5), and the other teachers too (2). */
  async accepted(tx, p, { invitation }) {
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
  },
});

export const teacherInvitationsService = {
  get: workflow.visible,

  list: (db: DbOrTx, p: Principal, q: ListQuery) =>
    repo.listVisible(
      db,
      p.userId,
      { classIds: q['teachingClass.id'], teacherIds: q['teacher.id'], isApproved: q.isApproved, isPending: q.isPending },
      q.itemsPerPage,
      offsetOf(q),
    ),

  create: (db: Db, p: Principal, b: CreateBody) => workflow.request(db, p, b.invitationCode),
  accept: workflow.accept,
  reject: workflow.reject,
};
