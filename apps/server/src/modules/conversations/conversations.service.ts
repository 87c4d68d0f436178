import {
  EntityType,
  MESSAGE_MESSAGES,
  NotificationType,
  fullName,
  nextOfficeHoursStart,
  type conversationListQuery,
  type messageListQuery,
  type ListQueryOutput,
  type Media,
} from '@skillroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { authorize, authorized, teaches } from '../../class-access/access-rules';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { violation } from '../../http/errors';
import { iri, offsetOf } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { presentMedia } from '../media/media.presenter';
import { attachableUploads } from '../ratings/ratings.checks';
import { notificationsService } from '../notifications/notifications.service';
import { presentConversation, presentMessage } from './conversations.presenter';
import { conversationsRepository as repo, type PlaceAccessRow } from './conversations.repository';

type ConversationQuery = ListQueryOutput<typeof conversationListQuery>;
type MessageQuery = ListQueryOutput<typeof messageListQuery>;

const subjectOf = (r: { role: PlaceAccessRow['role']; linked: boolean }) => ({ role: r.role, linked: r.linked });

async function readable(db: DbOrTx, p: Principal, conversationId: number) {
  return authorized(p, 'conversation.read', await repo.conversationAccess(db, conversationId, p.userId), subjectOf);
}

/**
 * Type 14 to the other side of the conversation (DESIGN §11): a teacher's message to each user linked to the child, a
 * family's to each teacher of the class; never to the author. Tied to the place, so it goes with the child's record.
 */
/** The messages' attachments, presented with their signed addresses, by message. */
async function attachmentsOf(db: DbOrTx, signer: UrlSigner, messageIds: number[]) {
  const byMessage = new Map<number, Media[]>();
  for (const r of await repo.mediasOf(db, messageIds))
    byMessage.set(r.messageId, [...(byMessage.get(r.messageId) ?? []), presentMedia(r.media, signer)]);
  return byMessage;
}

const mediasOfOne = async (db: DbOrTx, signer: UrlSigner, id: number) => (await attachmentsOf(db, signer, [id])).get(id) ?? [];

type NoticePlace = Pick<PlaceAccessRow, 'placeId' | 'classId' | 'className' | 'firstName' | 'lastName'>;

async function notifyOtherSide(tx: DbOrTx, place: NoticePlace, conversationId: number, authorId: number, byTeacher: boolean, key?: string) {
  const people = (await repo.participants(tx, [place])).get(place.placeId) ?? [];
  const recipients = people.filter((u) => u.isTeacher !== byTeacher && u.id !== authorId).map((u) => u.id);
  await notificationsService.notify(tx, {
    recipients,
    notificationType: NotificationType.Message,
    entityType: EntityType.Conversation,
    entityId: conversationId,
    params: { author: await repo.nameOf(tx, authorId), student: fullName(place), class: place.className },
    path: `/messages/${conversationId}`,
    placeId: place.placeId,
    textKey: key,
  });
}

export const conversationsService = {
  async list(db: DbOrTx, signer: UrlSigner, p: Principal, q: ConversationQuery) {
    const { rows, total } = await repo.list(
      db,
      p.userId,
      { placeId: q.teachingClassStudent, classIds: q['teachingClass.id'], unread: q.unread },
      q.itemsPerPage,
      offsetOf(q),
    );
    const [people, last] = await Promise.all([
      repo.participants(db, rows),
      repo.lastMessages(
        db,
        rows.map((r) => r.conversationId),
        p.userId,
      ),
    ]);
    const medias = await attachmentsOf(
      db,
      signer,
      [...last.values()].map((m) => m.id),
    );
    const members = rows.map((r) => presentConversation(r, people.get(r.placeId) ?? [], last.get(r.conversationId), p.userId, medias));
    return { members, total };
  },

  async get(db: DbOrTx, signer: UrlSigner, p: Principal, id: number) {
    const c = await readable(db, p, id);
    const [people, last] = await Promise.all([repo.participants(db, [c]), repo.lastMessages(db, [c.conversationId], p.userId)]);
    const lastMessage = last.get(c.conversationId);
    const medias = await attachmentsOf(db, signer, lastMessage ? [lastMessage.id] : []);
    return { conversation: presentConversation(c, people.get(c.placeId) ?? [], lastMessage, p.userId, medias), place: c };
  },

  /** A page of the conversation, newest first (a client shows the first page and loads older ones after it). */
  async messages(db: DbOrTx, signer: UrlSigner, p: Principal, id: number, q: MessageQuery) {
    const c = await readable(db, p, id);
    const { rows, total } = await repo.messages(db, id, p.userId, q.itemsPerPage, offsetOf(q));
    const medias = await attachmentsOf(
      db,
      signer,
      rows.map((m) => m.id),
    );
    return { members: rows.map((m) => presentMessage(m, p.userId, medias.get(m.id) ?? [])), total, place: c };
  },

  /**
   * A message into a conversation, or into the child's (made with its first message). A family's message outside the
   * class's office hours answers when the teachers are next at work (`expectAnswerAfter`).
   */
  async post(
    db: Db,
    signer: UrlSigner,
    p: Principal,
    b: { conversation?: number; teachingClassStudent?: number; text: string; medias?: number[] },
  ) {
    let place: PlaceAccessRow | null;
    if (b.conversation !== undefined) {
      place = await readable(db, p, b.conversation);
    } else {
      place = await repo.placeAccess(db, b.teachingClassStudent!, p.userId);
      if (!place) throw violation('teachingClassStudent', 'Teaching class student not found.');
    }
    authorize(p, 'place.message', subjectOf(place));
    const byTeacher = teaches(place.role);
    const found = place;
    const messageId = await db.transaction(async (tx) => {
      await repo.lockClass(tx, found.classId);
      const conversationId = found.conversationId ?? (await repo.ensureConversation(tx, found.placeId, found.classId));
      const mediaIds = await attachableUploads(tx, p, b.medias ?? []);
      const [made] = await repo.insertMessages(tx, [
        { conversationId, authorId: p.userId, byTeacher, text: b.text, isAnnouncement: false },
      ]);
      await repo.attachMedia(tx, [made!.id], mediaIds);
      await notifyOtherSide(tx, found, conversationId, p.userId, byTeacher);
      return made!.id;
    });
    const expect = byTeacher ? null : nextOfficeHoursStart(new Date(), found.officeHours, found.creatorTimeZone);
    return presentMessage((await repo.message(db, messageId, p.userId))!, p.userId, await mediasOfOne(db, signer, messageId), expect);
  },

  /** `isRead: true` reads the message and every earlier one (the conversation read up to it); false unreads it alone. */
  async setRead(db: Db, signer: UrlSigner, p: Principal, id: number, isRead: boolean) {
    const m = await repo.message(db, id, p.userId);
    const c = m ? await repo.conversationAccess(db, m.conversationId, p.userId) : null;
    authorize(p, 'message.read', c ? subjectOf(c) : null);
    if (m!.authorId !== p.userId) {
      await db.transaction(async (tx) => {
        if (isRead) {
          await repo.markReadUpTo(tx, m!.conversationId, id, p.userId);
          // The bell's notices of this conversation are read with it.
          await repo.readNotices(tx, p.userId, m!.conversationId);
        } else await repo.markUnread(tx, id, p.userId);
      });
    }
    return presentMessage((await repo.message(db, id, p.userId))!, p.userId, await mediasOfOne(db, signer, id));
  },

  /**
   * DESIGN §11 announcement: one message, marked as an announcement, into the conversation of each child of the class
   * with a linked family. Each family reads it in its own conversation and answers there, to the teachers alone: no
   * family ever sees another's answer, and there is no group to answer.
   */
  async announce(db: Db, p: Principal, b: { teachingClass: number; text: string; medias?: number[] }) {
    const cls = await classAccessRepository.findAccess(db, b.teachingClass, p.userId);
    authorize(p, 'class.announce', cls ? { role: cls.role } : null);
    const made = await db.transaction(async (tx) => {
      await repo.lockClass(tx, b.teachingClass);
      const places = await repo.placesWithFamilies(tx, b.teachingClass);
      if (!places.length) throw violation('teachingClass', MESSAGE_MESSAGES.noFamilies);
      const mediaIds = await attachableUploads(tx, p, b.medias ?? []);
      const conversations: number[] = [];
      for (const pl of places) conversations.push(await repo.ensureConversation(tx, pl.placeId, b.teachingClass));
      const rows = await repo.insertMessages(
        tx,
        conversations.map((conversationId) => ({
          conversationId,
          authorId: p.userId,
          byTeacher: true,
          text: b.text,
          isAnnouncement: true,
        })),
      );
      await repo.attachMedia(
        tx,
        rows.map((r) => r.id),
        mediaIds,
      );
      for (const [i, pl] of places.entries()) {
        const place = { ...pl, classId: b.teachingClass, className: cls!.cls.name };
        await notifyOtherSide(tx, place, conversations[i]!, p.userId, true, 'announcement');
      }
      return rows;
    });
    const at = new Date().toISOString();
    return {
      '@type': 'Announcement' as const,
      teachingClass: iri('teaching-class', b.teachingClass),
      text: b.text,
      created: at,
      conversations: made.length,
    };
  },
};
