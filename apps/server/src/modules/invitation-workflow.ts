import { INVITATION_MESSAGES, fullName } from '@skillroom/contract';
import type { Db, DbOrTx } from '../db/client';
import type { AnswerOutcome } from '../db/invitation-state';
import { conflict, violation } from '../http/errors';
import { answerWritten as written } from '../http/invitation-answer';
import { lockOpenClass, refuseIfFinished, type ClassLock } from '../records/class-state';
import { brokenUniqueIndex, normalizeInvitationCode } from '../lib/invitation-code';
import type { Principal } from '../plugins/auth';
import { authorize, gone, permit, permitAccount, type ClassRole } from '../class-access/access-rules';
import { notificationsService, type NotificationEvent } from './notifications/notifications.service';
import { usersRepository } from './users/users.repository';

/*
 * The one request workflow behind a teacher's request to join a class (teacher-invitations) and a family's request to
 * link to a student (student-links): visible → answerable → request under the class lock → notify → accept / reject.
 * What differs between the two (the tables, who answers, what an accepted request makes, the words) is the kind.
 */

/** A request as read with the user's role in its class. */
export interface RequestRow {
  invitation: { isApproved: boolean | null; teachingClassId: number };
  role: ClassRole;
}

/** What a code finds: its class, and whether the user is already where the request would take them. */
export interface CodeTarget {
  cls: { id: number; isFinished: boolean };
  already: boolean;
}

export interface InvitationKind<Row extends RequestRow, Target extends CodeTarget> {
  resource: 'teacherInvitation' | 'studentInvitation';
  find(db: DbOrTx, id: number, userId: number): Promise<Row | null>;
  /** The requester: they see their own request. */
  ownerOf(row: Row): number;
  answer(tx: DbOrTx, id: number, isApproved: boolean): Promise<AnswerOutcome>;
  /** The class lock an accept takes before writing (a stronger one where the accept adds a teacher). */
  acceptLock: ClassLock;
  /** The messages of a request: unknown code, already there, already asked (400); the 403 is access-rules.ts's ACCOUNT_RULES. */
  messages: { unknownCode: string; already: string; pending: string };
  byCode(db: DbOrTx, code: string, userId: number): Promise<Target | null>;
  hasPending(db: DbOrTx, target: Target, userId: number): Promise<boolean>;
  insert(tx: DbOrTx, target: Target, userId: number): Promise<number>;
  /** Who is told of a new request, and how. */
  received(tx: DbOrTx, target: Target, id: number, requesterName: string): Promise<NotificationEvent>;
  /** What an accepted request makes (the co-teacher, the link) and its notifications, once, under the class lock. */
  accepted(tx: DbOrTx, p: Principal, row: Row, id: number): Promise<void>;
}

export function invitationWorkflow<Row extends RequestRow, Target extends CodeTarget>(kind: InvitationKind<Row, Target>) {
  const read = `${kind.resource}.read` as const;
  const answer = `${kind.resource}.answer` as const;
  const create = `${kind.resource}.create` as const;

  /** A request the user may see (its requester, the class's teachers); anyone else's does not exist for them. */
  async function visible(db: DbOrTx, p: Principal, id: number): Promise<Row> {
    const row = await kind.find(db, id, p.userId);
    if (!row) throw gone(kind.resource);
    authorize(p, read, { role: row.role, ownerId: kind.ownerOf(row) });
    return row;
  }

  /** A request the user may answer: 404 unseen, 403 may not answer, 409 answered the other way. */
  async function answerable(db: DbOrTx, p: Principal, id: number, isApproved: boolean) {
    const row = await visible(db, p, id);
    permit(p, answer, row);
    // The same answer again (a double click) changes nothing and is no error; the other answer is a conflict.
    if (row.invitation.isApproved !== null && row.invitation.isApproved !== isApproved) throw conflict(INVITATION_MESSAGES.notPending);
    return { row, answered: row.invitation.isApproved !== null };
  }

  return {
    visible,

    /** Asks with a code; the answerers are notified. Answers the new request's id. */
    async request(db: Db, p: Principal, invitationCode: string): Promise<number> {
      const m = kind.messages;
      const accountType = await usersRepository.accountType(db, p.userId);
      permitAccount(accountType, create);
      const code = normalizeInvitationCode(invitationCode);
      const target = code ? await kind.byCode(db, code, p.userId) : null;
      if (!target) throw violation('invitationCode', m.unknownCode);
      refuseIfFinished(target.cls, INVITATION_MESSAGES.classFinished);
      if (target.already) throw violation('invitationCode', m.already);
      if (await kind.hasPending(db, target, p.userId)) throw violation('invitationCode', m.pending);
      try {
        return await db.transaction(async (tx) => {
          if (!(await lockOpenClass(tx, target.cls.id, 'share', INVITATION_MESSAGES.classFinished)))
            throw violation('invitationCode', m.unknownCode);
          const id = await kind.insert(tx, target, p.userId);
          const requester = (await usersRepository.findById(tx, p.userId))!.user;
          await notificationsService.notify(tx, await kind.received(tx, target, id, fullName(requester)));
          return id;
        });
      } catch (e) {
        // Two requests racing: the pending-request index lets one through.
        if (brokenUniqueIndex(e)?.includes('pending_uq')) throw violation('invitationCode', m.pending);
        throw e;
      }
    },

    async accept(db: Db, p: Principal, id: number) {
      const { row, answered } = await answerable(db, p, id, true);
      if (answered) return;
      await db.transaction(async (tx) => {
        // The class first, then the request (the order a class's deletion takes), so that answers never deadlock.
        await lockOpenClass(tx, row.invitation.teachingClassId, kind.acceptLock);
        if (!written(await kind.answer(tx, id, true))) return;
        await kind.accepted(tx, p, row, id);
      });
    },

    async reject(db: Db, p: Principal, id: number) {
      const { row, answered } = await answerable(db, p, id, false);
      if (answered) return;
      await db.transaction(async (tx) => {
        await lockOpenClass(tx, row.invitation.teachingClassId);
        written(await kind.answer(tx, id, false));
      });
    },
  };
}
