import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { EntityType, NotificationType, type ClassUserType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { media, messageMedias } from '../../db/schema';
import { classIdsWhereSql, classRoleSql } from '../../class-access/class-roles';
import { linkedPlaceIdsSql } from '../../records/linked-access.sql';

/** A child's place as a conversation needs it, with the reader's role and link, and its conversation if there is one. */
export interface PlaceAccessRow {
  placeId: number;
  classId: number;
  studentId: number;
  firstName: string;
  lastName: string | null;
  className: string;
  isFinished: boolean;
  officeHours: { days: number[]; start: string; end: string } | null;
  creatorTimeZone: string;
  role: ClassUserType | null;
  linked: boolean;
  conversationId: number | null;
}

export interface ConversationRow extends PlaceAccessRow {
  conversationId: number;
  created: Date;
  updated: Date;
  unread: number;
}

export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  isTeacher: boolean;
}

export interface MessageRow {
  id: number;
  conversationId: number;
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  byTeacher: boolean;
  text: string;
  isAnnouncement: boolean;
  created: Date;
  updated: Date;
  /** Whether the reader read it (their own: true). */
  isRead: boolean;
  /** Others' reads, for the reader's own messages only. */
  readBy: { id: number; firstName: string; lastName: string; isTeacher: boolean; readAt: string }[];
}

const rowsOf = async <T>(db: DbOrTx, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The reader's side: a teacher of the class reads what families wrote, a family what teachers wrote. */
const otherSideSql = (userId: number) => sql`(m.by_teacher = not exists (select 1 from teaching_class tt where tt.id = c.teaching_class_id
  and (tt.creator_id = ${userId}
    or exists (select 1 from teaching_class_teacher x where x.teaching_class_id = tt.id and x.teacher_id = ${userId}))))`;

const unreadSql = (userId: number) => sql<number>`(select count(*)::int from message m where m.conversation_id = c.id
  and ${otherSideSql(userId)} and m.author_id is distinct from ${userId}
  and not exists (select 1 from message_read r where r.message_id = m.id and r.user_id = ${userId}))`;

const placeColumns = (userId: number) => sql`p.id as "placeId", p.teaching_class_id as "classId", p.student_id as "studentId",
  p.first_name as "firstName", p.last_name as "lastName", "teaching_class".name as "className",
  "teaching_class".is_finished as "isFinished", "teaching_class".office_hours as "officeHours",
  (select cu.time_zone from app_user cu where cu.id = "teaching_class".creator_id) as "creatorTimeZone",
  ${classRoleSql(userId)} as role, (p.id in ${linkedPlaceIdsSql(userId)}) as linked`;

/** What the reader may see: the classes they teach, and the places they are linked to. */
const readableSql = (userId: number) =>
  sql`(c.teaching_class_id in ${classIdsWhereSql(userId, 'conversation.read')}
    or c.teaching_class_student_id in ${linkedPlaceIdsSql(userId)})`;

const messageColumns = (userId: number) => sql`m.id, m.conversation_id as "conversationId", m.author_id as "authorId",
  au.first_name as "authorFirstName", au.last_name as "authorLastName", m.by_teacher as "byTeacher", m.text,
  m.is_announcement as "isAnnouncement", m.created, m.updated,
  (m.author_id is not distinct from ${userId}
    or exists (select 1 from message_read r where r.message_id = m.id and r.user_id = ${userId})) as "isRead",
  case when m.author_id = ${userId} then (select coalesce(json_agg(json_build_object('id', ru.id, 'firstName', ru.first_name,
      'lastName', ru.last_name, 'isTeacher', not m.by_teacher, 'readAt', r.read_at) order by r.read_at, ru.id), '[]')
    from message_read r join app_user ru on ru.id = r.user_id where r.message_id = m.id and r.user_id <> ${userId})
  else '[]'::json end as "readBy"`;

const revive = <T extends { created: Date | string; updated: Date | string }>(r: T): T => ({
  ...r,
  created: new Date(r.created),
  updated: new Date(r.updated),
});

export const conversationsRepository = {
  /** A place with the reader's role and link, and its conversation (null when none yet). */
  async placeAccess(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await rowsOf<PlaceAccessRow>(
      db,
      sql`select ${placeColumns(userId)}, (select c.id from conversation c where c.teaching_class_student_id = p.id) as "conversationId"
        from teaching_class_student p join teaching_class on "teaching_class".id = p.teaching_class_id where p.id = ${placeId}`,
    );
    return row ?? null;
  },

  /** A conversation with its place, the reader's role and link, and the reader's unread count. */
  async conversationAccess(db: DbOrTx, conversationId: number, userId: number) {
    const [row] = await rowsOf<ConversationRow>(db, sql`${conversationSelect(userId)} where c.id = ${conversationId}`);
    return row ? revive(row) : null;
  },

  /** The reader's conversations, the last written first. */
  async list(db: DbOrTx, userId: number, f: { placeId?: number; classIds?: number[]; unread?: boolean }, limit: number, offset: number) {
    const where = sql.join(
      [
        readableSql(userId),
        f.placeId !== undefined ? sql`c.teaching_class_student_id = ${f.placeId}` : sql`true`,
        f.classIds?.length
          ? sql`c.teaching_class_id in (${sql.join(
              f.classIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql`true`,
        f.unread === undefined ? sql`true` : f.unread ? sql`${unreadSql(userId)} > 0` : sql`${unreadSql(userId)} = 0`,
      ],
      sql` and `,
    );
    const rows = await rowsOf<ConversationRow & { total: number }>(
      db,
      sql`${conversationSelect(userId, sql`, (count(*) over ())::int as total`)} where ${where}
        order by c.updated desc, c.id desc limit ${limit} offset ${offset}`,
    );
    return { rows: rows.map(revive), total: rows[0]?.total ?? 0 };
  },

  /** The teachers of each class and the users linked to each place: who is in each conversation. */
  async participants(db: DbOrTx, places: { placeId: number; classId: number }[]) {
    if (!places.length) return new Map<number, PersonRow[]>();
    const ids = sql.join(
      places.map((p) => sql`${p.placeId}`),
      sql`, `,
    );
    const rows = await rowsOf<PersonRow & { placeId: number }>(
      db,
      sql`select p.id as "placeId", u.id, u.first_name as "firstName", u.last_name as "lastName", true as "isTeacher"
          from teaching_class_student p join teaching_class tc on tc.id = p.teaching_class_id
          join app_user u on u.id = tc.creator_id
            or u.id in (select x.teacher_id from teaching_class_teacher x where x.teaching_class_id = tc.id)
          where p.id in (${ids})
        union all
        select l.teaching_class_student_id, u.id, u.first_name, u.last_name, false
          from student_profile_user l join app_user u on u.id = l.user_id where l.teaching_class_student_id in (${ids})
        order by 1, 5 desc, 3, 4, 2`,
    );
    const byPlace = new Map<number, PersonRow[]>();
    for (const { placeId, ...person } of rows) byPlace.set(placeId, [...(byPlace.get(placeId) ?? []), person]);
    return byPlace;
  },

  /** The last message of each conversation, as the reader sees it. */
  async lastMessages(db: DbOrTx, conversationIds: number[], userId: number) {
    if (!conversationIds.length) return new Map<number, MessageRow>();
    const rows = await rowsOf<MessageRow>(
      db,
      sql`select ${messageColumns(userId)} from conversation c
        cross join lateral (select * from message lm where lm.conversation_id = c.id order by lm.id desc limit 1) m
        left join app_user au on au.id = m.author_id
        where c.id in (${sql.join(
          conversationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    return new Map(rows.map((r) => [r.conversationId, revive(r)]));
  },

  /** A page of a conversation's messages, newest first. */
  async messages(db: DbOrTx, conversationId: number, userId: number, limit: number, offset: number) {
    const rows = await rowsOf<MessageRow & { total: number }>(
      db,
      sql`select ${messageColumns(userId)}, (count(*) over ())::int as total from message m
        left join app_user au on au.id = m.author_id where m.conversation_id = ${conversationId}
        order by m.id desc limit ${limit} offset ${offset}`,
    );
    return { rows: rows.map(revive), total: rows[0]?.total ?? 0 };
  },

  async message(db: DbOrTx, id: number, userId: number) {
    const [row] = await rowsOf<MessageRow>(
      db,
      sql`select ${messageColumns(userId)} from message m left join app_user au on au.id = m.author_id where m.id = ${id}`,
    );
    return row ? revive(row) : null;
  },

  /** The place's conversation, made if it has none (two first messages at once make one). */
  async ensureConversation(tx: DbOrTx, placeId: number, classId: number) {
    await tx.execute(sql`insert into conversation (teaching_class_student_id, teaching_class_id) values (${placeId}, ${classId})
      on conflict (teaching_class_student_id) do nothing`);
    const [row] = await rowsOf<{ id: number }>(tx, sql`select id from conversation where teaching_class_student_id = ${placeId}`);
    return row!.id;
  },

  /** Writes messages (one per conversation) and moves their conversations to the top of the lists. */
  async insertMessages(
    tx: DbOrTx,
    rows: { conversationId: number; authorId: number; byTeacher: boolean; text: string; isAnnouncement: boolean }[],
  ) {
    const values = sql.join(
      rows.map((r) => sql`(${r.conversationId}, ${r.authorId}, ${r.byTeacher}, ${r.text}, ${r.isAnnouncement})`),
      sql`, `,
    );
    const made = await rowsOf<{ id: number; conversationId: number }>(
      tx,
      sql`insert into message (conversation_id, author_id, by_teacher, text, is_announcement) values ${values}
        returning id, conversation_id as "conversationId"`,
    );
    await tx.execute(sql`update conversation set updated = now()
      where id in (${sql.join(
        rows.map((r) => sql`${r.conversationId}`),
        sql`, `,
      )})`);
    return made;
  },

  /** Links the media to each of the messages (an announcement's one per family's conversation). */
  async attachMedia(tx: DbOrTx, messageIds: number[], mediaIds: number[]) {
    const rows = messageIds.flatMap((messageId) => mediaIds.map((mediaId) => ({ messageId, mediaId })));
    if (rows.length) await tx.insert(messageMedias).values(rows);
  },

  /** The attachments of these messages, in the order they were attached. */
  async mediasOf(db: DbOrTx, messageIds: number[]) {
    if (!messageIds.length) return [];
    return db
      .select({ messageId: messageMedias.messageId, media })
      .from(messageMedias)
      .innerJoin(media, sql`${media.id} = ${messageMedias.mediaId}`)
      .where(inArray(messageMedias.messageId, messageIds))
      .orderBy(asc(messageMedias.id));
  },

  /** Reads a message and every earlier one of its conversation from the other side (a read up to it). */
  async markReadUpTo(tx: DbOrTx, conversationId: number, messageId: number, userId: number) {
    await tx.execute(sql`insert into message_read (message_id, user_id)
      select m.id, ${userId} from message m join conversation c on c.id = m.conversation_id
      where m.conversation_id = ${conversationId} and m.id <= ${messageId} and m.author_id is distinct from ${userId}
      on conflict do nothing`);
  },

  async markUnread(tx: DbOrTx, messageId: number, userId: number) {
    await tx.execute(sql`delete from message_read where message_id = ${messageId} and user_id = ${userId}`);
  },

  /** The reader's bell notices of a conversation are read with it. */
  async readNotices(tx: DbOrTx, userId: number, conversationId: number) {
    await tx.execute(sql`update notification set is_read = true where user_id = ${userId} and not is_read
      and notification_type = ${NotificationType.Message} and entity_type = ${EntityType.Conversation} and entity_id = ${conversationId}`);
  },

  /** The places of a class with a linked family, for an announcement. */
  async placesWithFamilies(tx: DbOrTx, classId: number) {
    return rowsOf<{ placeId: number; firstName: string; lastName: string | null }>(
      tx,
      sql`select p.id as "placeId", p.first_name as "firstName", p.last_name as "lastName" from teaching_class_student p
        where p.teaching_class_id = ${classId} and exists (select 1 from student_profile_user l where l.teaching_class_student_id = p.id)
        order by p.id`,
    );
  },

  /** A user's display name, for the notices. */
  async nameOf(tx: DbOrTx, userId: number) {
    const [row] = await rowsOf<{ name: string }>(
      tx,
      sql`select concat_ws(' ', first_name, last_name) as name from app_user where id = ${userId}`,
    );
    return row?.name ?? '';
  },

  /** Takes the class's lock as a rating does, so an erasure of the class or place waits (or the write fails on its key). */
  async lockClass(tx: DbOrTx, classId: number) {
    await tx.execute(sql`select id from teaching_class where id = ${classId} for no key update`);
  },
};

function conversationSelect(userId: number, extra: SQL = sql``) {
  return sql`select ${placeColumns(userId)}, c.id as "conversationId", c.created, c.updated, ${unreadSql(userId)} as unread ${extra}
    from conversation c join teaching_class_student p on p.id = c.teaching_class_student_id
    join teaching_class on "teaching_class".id = c.teaching_class_id`;
}
