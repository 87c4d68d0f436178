import {
  ACCESS_MESSAGES,
  EntityType,
  ClassUserType,
  INVITATION_MESSAGES,
  NotificationType,
  fullName,
  type invitationCreateBody,
  type studentProfileInvitationListQuery,
  type studentProfileUserListQuery,
  type ListQueryOutput,
  type studentLinkExtendBody,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import type { Principal } from '../../plugins/auth';
import { classTeachersRepository } from '../class-teachers/class-teachers.repository';
import { notificationsService } from '../notifications/notifications.service';
import { authorize, CLASS_NOT_FOUND, gone, permit } from '../../class-access/access-rules';
import { invitationWorkflow } from '../invitation-workflow';
import { studentLinksRepository as repo } from './student-links.repository';

type CreateBody = z.output<typeof invitationCreateBody>;
type InvitationQuery = ListQueryOutput<typeof studentProfileInvitationListQuery>;
type LinkQuery = ListQueryOutput<typeof studentProfileUserListQuery>;

/** The user's link to a student (DESIGN §8), notified (7) when a teacher accepts it or extends a link. */
const linkedNotice = (
  id: number,
  userId: number,
  place: { id: number; firstName: string; lastName?: string | null },
  className: string,
) => ({
  recipients: [userId],
  notificationType: NotificationType.StudentProfileUserInvitationAccepted,
  entityType: EntityType.StudentProfileUserInvitation,
  entityId: id,
  params: { student: fullName(place), class: className },
  path: `/student/${place.id}`,
});

/** A parent (or other, or student account) asks to link with a student's code; a teacher of the class answers. */
const workflow = invitationWorkflow({
  resource: 'studentInvitation',
  find: repo.findInvitation,
  ownerOf: (row) => row.invitation.userId,
  answer: repo.answer,
  acceptLock: 'share',
  messages: {
    unknownCode: INVITATION_MESSAGES.studentCodeUnknown,
    already: INVITATION_MESSAGES.alreadyLinked,
    pending: INVITATION_MESSAGES.linkRequestPending,
  },
  async byCode(db, code, userId) {
    const found = await repo.placeByCode(db, code, userId);
    return found && { ...found, already: found.linked };
  },
  hasPending: (db, { place }, userId) => repo.hasPending(db, place.id, userId),
  insert: (tx, { place, cls }, userId) =>
    repo.insertInvitation(tx, { teachingClassStudentId: place.id, teachingClassId: cls.id, studentId: place.studentId, userId }),
  /** The class's teachers are notified (6). */
  received: async (tx, { place, cls }, id, user) => ({
    recipients: await classTeachersRepository.teacherIds(tx, cls.id),
    notificationType: NotificationType.StudentProfileUserInvitationReceived,
    entityType: EntityType.StudentProfileUserInvitation,
    entityId: id,
    params: { user, student: fullName(place), class: cls.name },
    path: `/teaching-class/${cls.id}/student/${place.id}/manage`,
  }),
  /** The requester is linked to the Student and notified (7). */
  async accepted(tx, _p, { invitation, teachingClass }, id) {
    await repo.link(tx, invitation.studentId, invitation.userId, invitation.teachingClassStudentId, invitation.teachingClassId);
    const place = (await repo.placeOf(tx, invitation.teachingClassStudentId))!;
    await notificationsService.notify(tx, linkedNotice(id, invitation.userId, place, teachingClass.name));
  },
});

async function visibleLink(db: DbOrTx, p: Principal, id: number) {
  const row = await repo.findLink(db, id);
  const teaches = row ? await repo.teachesStudent(db, p.userId, row.link.studentId) : false;
  // The rule asks whether the user teaches the student in any class: the strongest role that answers it.
  if (!row) throw gone('studentLink');
  authorize(p, 'studentLink.read', { role: teaches ? ClassUserType.CoTeacher : null, ownerId: row.link.userId });
  return { row, teaches };
}

export const studentLinksService = {
  getInvitation: workflow.visible,

  listInvitations: (db: DbOrTx, p: Principal, q: InvitationQuery) =>
    repo.listInvitations(
      db,
      p.userId,
      {
        classIds: q['teachingClass.id'],
        studentIds: q['student.id'],
        placeIds: q['teachingClassStudent.id'],
        userIds: q['user.id'],
        isApproved: q.isApproved,
        isPending: q.isPending,
      },
      q.itemsPerPage,
      offsetOf(q),
    ),

  /** A parent (or other, or student account) asks to link with a student's code; the class's teachers are notified (6). */
  request: (db: Db, p: Principal, b: CreateBody) => workflow.request(db, p, b.invitationCode),

  /** A teacher of the class accepts: the requester is linked to the Student and notified (7). */
  accept: workflow.accept,

  /**
   * DESIGN §8 "accept all": every pending request of the class, accepted in one transaction (any failure links nobody),
   * each requester linked and notified (7) as a single accept does. A creator or co-teacher only (an evaluator 403,
   * anyone else 404); a finished class 409. Requests answered meanwhile by a single accept or reject are not among
   * them (their rows are locked, then re-read). Answers the ids accepted here, oldest first.
   */
  async acceptAll(db: Db, p: Principal, classId: number): Promise<number[]> {
    authorize(p, 'class.manageLinks', { role: await repo.roleIn(db, classId, p.userId) });
    return db.transaction(async (tx) => {
      if (!(await lockOpenClass(tx, classId))) throw notFound(CLASS_NOT_FOUND);
      const pending = await repo.pendingOfClassForUpdate(tx, classId);
      await repo.acceptLocked(
        tx,
        pending.map((r) => r.id),
      );
      const className = (await repo.classNameOf(tx, classId)) ?? '';
      for (const r of pending) {
        await repo.link(tx, r.studentId, r.userId, r.placeId, classId);
        await notificationsService.notify(tx, linkedNotice(r.id, r.userId, { ...r, id: r.placeId }, className));
      }
      return pending.map((r) => r.id);
    });
  },

  /** The requests accept-all answered, as the teacher who answered reads them. */
  invitationsById: (db: DbOrTx, p: Principal, ids: number[]) => repo.findInvitations(db, ids, p.userId),

  reject: workflow.reject,

  getLink: async (db: DbOrTx, p: Principal, id: number) => (await visibleLink(db, p, id)).row,

  listLinks: (db: DbOrTx, p: Principal, q: LinkQuery) =>
    repo.listLinks(
      db,
      p.userId,
      { classIds: q['teachingClass.id'], studentIds: q['student.id'], placeIds: q['teachingClassStudent.id'], userIds: q['user.id'] },
      q.itemsPerPage,
      offsetOf(q),
    ),

  /**
   * A teacher of the link's class unlinks a user, or the linked user removes their own link: they no longer see the
   * student in that class. Of two removals at once, one answers 204 and the other 404 (the link is gone).
   */
  async unlink(db: Db, p: Principal, id: number) {
    const { row } = await visibleLink(db, p, id);
    permit(p, 'studentLink.unlink', { role: await repo.roleIn(db, row.link.teachingClassId, p.userId), ownerId: row.link.userId });
    if (!(await repo.unlink(db, id))) throw gone('studentLink');
  },

  /**
   * A teacher of another class of the same Student links the user there too (DESIGN §2: "the student manage screen
   * offers to extend existing family links in one click"), as if they had accepted a request: the user's pending
   * request for that place is accepted, else an accepted one is recorded, and the user is notified (7). Answers the
   * new link's id; 409 when the user is linked there already (of two extensions at once, one wins).
   */
  async extend(db: Db, p: Principal, id: number, b: z.output<typeof studentLinkExtendBody>) {
    const { row } = await visibleLink(db, p, id);
    const target = await repo.placeWithRole(db, b.teachingClassStudent, p.userId);
    if (!target || target.role === null) throw violation('teachingClassStudent', ACCESS_MESSAGES.extendPlace);
    permit(p, 'place.extendLink', target);
    if (target.place.studentId !== row.link.studentId) throw violation('teachingClassStudent', ACCESS_MESSAGES.extendSameStudent);
    refuseIfFinished(target.cls);
    const { place, cls } = target;
    const userId = row.link.userId;
    if (await repo.isLinkedTo(db, place.id, userId)) throw conflict(ACCESS_MESSAGES.alreadyLinkedThere);
    return db.transaction(async (tx) => {
      if (!(await lockOpenClass(tx, cls.id))) throw violation('teachingClassStudent', ACCESS_MESSAGES.extendPlace);
      const linkId = await repo.link(tx, place.studentId, userId, place.id, cls.id);
      if (linkId === null) throw conflict(ACCESS_MESSAGES.alreadyLinkedThere);
      const pending = await repo.pendingFor(tx, place.id, userId);
      const invitationId =
        pending !== null && (await repo.answer(tx, pending, true))
          ? pending
          : await repo.insertInvitation(tx, {
              teachingClassStudentId: place.id,
              teachingClassId: cls.id,
              studentId: place.studentId,
              userId,
              isApproved: true,
            });
      await notificationsService.notify(tx, linkedNotice(invitationId, userId, place, cls.name));
      return linkId;
    });
  },
};
