import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { CATALOGUE_MEDIA_TYPES, EntityType } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import {
  analyticsEvents,
  idempotencyKeys,
  media,
  notifications,
  ratingMedias,
  ratings,
  signInFailures,
  students,
  teachingClasses,
  teachingClassStudents,
  users,
} from '../db/schema';
import { minimalAnswer } from '../http/kept-answer';

/** A media row as far as erasure needs it: the files to remove once its row is gone. */
export interface StoredMedia {
  id: number;
  storageKey: string;
  thumbKey: string | null;
}

const stored = { id: media.id, storageKey: media.storageKey, thumbKey: media.thumbKey };
const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);
const present = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];

/**
 * Every column of the schema that refers to a media row. A media row none of them names belongs to nothing (apart
 * from an upload not attached yet, which the orphan sweep judges by its age). A new reference is added here, once.
 */
export const MEDIA_REFERENCES: SQL[] = [
  sql`exists (select 1 from app_user x where x.avatar_id = "media"."id")`,
  sql`exists (select 1 from teaching_class x where x.avatar_id = "media"."id")`,
  sql`exists (select 1 from student x where x.avatar_id = "media"."id")`,
  sql`exists (select 1 from teaching_class_student x where x.avatar_id = "media"."id")`,
  sql`exists (select 1 from learning_skill x where x.avatar_id = "media"."id")`,
  sql`exists (select 1 from rating_media x where x.media_id = "media"."id")`,
  sql`exists (select 1 from home_observation_media x where x.media_id = "media"."id")`,
  sql`exists (select 1 from message_media x where x.media_id = "media"."id")`,
  sql`exists (select 1 from self_assessment_media x where x.media_id = "media"."id")`,
];
export const referencedSql = sql`(${sql.join(MEDIA_REFERENCES, sql` or `)})`;

/** The predefined catalogue: its types, and platform media without an uploader. Never erased. */
export const catalogueSql = or(inArray(media.mediaType, [...CATALOGUE_MEDIA_TYPES]), sql`${media.uploaderId} is null`)!;

export const erasureSql = {
  /** Locks classes (in id order, so that two erasures never wait on each other in a circle); answers those that exist. */
  async lockClasses(tx: DbOrTx, classIds: number[], strength: 'update' | 'no key update' = 'update') {
    if (!classIds.length) return [];
    const rows = await tx
      .select({ id: teachingClasses.id, avatarId: teachingClasses.avatarId })
      .from(teachingClasses)
      .where(inArray(teachingClasses.id, classIds))
      .orderBy(asc(teachingClasses.id))
      .for(strength);
    return rows;
  },

  /**
   * Locks ratings before their attachments are read: an attachment being added meanwhile either committed before
   * (and is read) or waits for the lock and then fails on its foreign key (a 409), so none is left behind.
   */
  async lockRatings(tx: DbOrTx, where: SQL) {
    return tx.select({ id: ratings.id }).from(ratings).where(where).orderBy(asc(ratings.id)).for('update');
  },

  ratingsOfClassesSql: (classIds: number[]) => inArray(ratings.teachingClassId, classIds),

  /** Ratings that name this place, and whether it is the only one they name. */
  async ratingsNamingPlace(tx: DbOrTx, placeId: number) {
    return tx
      .select({
        id: ratings.id,
        others: sql<number>`(select count(*)::int from rating_student o where o.rating_id = "rating"."id" and o.teaching_class_student_id <> ${placeId})`,
      })
      .from(ratings)
      .where(sql`"rating"."id" in (select s.rating_id from rating_student s where s.teaching_class_student_id = ${placeId})`)
      .orderBy(asc(ratings.id))
      .for('update');
  },

  async lockPlace(tx: DbOrTx, placeId: number) {
    const [row] = await tx.select().from(teachingClassStudents).where(eq(teachingClassStudents.id, placeId)).for('update');
    return row ?? null;
  },

  async attachedMedia(tx: DbOrTx, ratingIds: number[]) {
    if (!ratingIds.length) return [];
    const rows = await tx.select({ id: ratingMedias.mediaId }).from(ratingMedias).where(inArray(ratingMedias.ratingId, ratingIds));
    return ids(rows);
  },

  /** Files a place or classes hold outside ratings (§11, §12): of waiting home observations, messages, self-assessments (rows cascade). */
  async recordAttachments(tx: DbOrTx, of: { placeId: number } | { classIds: number[] }) {
    const where = (alias: SQL) =>
      'placeId' in of
        ? sql`${alias}.teaching_class_student_id = ${of.placeId}`
        : sql`${alias}.teaching_class_id in (${sql.join(
            of.classIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    const res = await tx.execute<{ id: number }>(
      sql`select hom.media_id as id from home_observation_media hom
        join home_observation ho on ho.id = hom.home_observation_id where ${where(sql`ho`)}
        union select mm.media_id from message_media mm join message m on m.id = mm.message_id
        join conversation c on c.id = m.conversation_id where ${where(sql`c`)}
        union select sam.media_id from self_assessment_media sam
        join self_assessment sa on sa.id = sam.self_assessment_id where ${where(sql`sa`)}`,
    );
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  },

  async placesOfClasses(tx: DbOrTx, classIds: number[]) {
    return tx
      .select({ id: teachingClassStudents.id, studentId: teachingClassStudents.studentId, avatarId: teachingClassStudents.avatarId })
      .from(teachingClassStudents)
      .where(inArray(teachingClassStudents.teachingClassId, classIds));
  },

  /** Notifications whose entity lives in these classes (DESIGN §6: they would point at nothing). */
  async deleteNotificationsOfClasses(tx: DbOrTx, classIds: number[]) {
    if (!classIds.length) return;
    const list = sql.join(
      classIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx
      .delete(notifications)
      .where(
        or(
          and(eq(notifications.entityType, EntityType.TeachingClass), inArray(notifications.entityId, classIds)),
          and(
            eq(notifications.entityType, EntityType.TeachingClassTeacher),
            sql`${notifications.entityId} in (select id from teaching_class_teacher where teaching_class_id in (${list}))`,
          ),
          and(
            eq(notifications.entityType, EntityType.TeacherInvitation),
            sql`${notifications.entityId} in (select id from teaching_class_teacher_invitation where teaching_class_id in (${list}))`,
          ),
          and(
            eq(notifications.entityType, EntityType.StudentProfileUserInvitation),
            sql`${notifications.entityId} in (select id from student_profile_user_invitation where teaching_class_id in (${list}))`,
          ),
        ),
      );
  },

  /** Notifications about a place's link requests. */
  async deleteNotificationsOfPlace(tx: DbOrTx, placeId: number) {
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.entityType, EntityType.StudentProfileUserInvitation),
          sql`${notifications.entityId} in (select id from student_profile_user_invitation where teaching_class_student_id = ${placeId})`,
        ),
      );
  },

  /** Notifications others received about a user's requests and co-teaching (their own go with the account). */
  async deleteNotificationsAboutUser(tx: DbOrTx, userId: number) {
    await tx
      .delete(notifications)
      .where(
        or(
          and(
            eq(notifications.entityType, EntityType.TeachingClassTeacher),
            sql`${notifications.entityId} in (select id from teaching_class_teacher where teacher_id = ${userId})`,
          ),
          and(
            eq(notifications.entityType, EntityType.TeacherInvitation),
            sql`${notifications.entityId} in (select id from teaching_class_teacher_invitation where teacher_id = ${userId})`,
          ),
          and(
            eq(notifications.entityType, EntityType.StudentProfileUserInvitation),
            sql`${notifications.entityId} in (select id from student_profile_user_invitation where user_id = ${userId})`,
          ),
        ),
      );
  },

  async deleteClasses(tx: DbOrTx, classIds: number[]) {
    if (classIds.length) await tx.delete(teachingClasses).where(inArray(teachingClasses.id, classIds));
  },

  async deleteRatings(tx: DbOrTx, ratingIds: number[]) {
    if (ratingIds.length) await tx.delete(ratings).where(inArray(ratings.id, ratingIds));
  },

  async deletePlace(tx: DbOrTx, placeId: number) {
    await tx.delete(teachingClassStudents).where(eq(teachingClassStudents.id, placeId));
  },

  /** Students among these left with no place, with their avatars (read before they go). */
  async studentsWithoutPlace(tx: DbOrTx, studentIds: number[]) {
    if (!studentIds.length) return [];
    return tx
      .select({ id: students.id, avatarId: students.avatarId })
      .from(students)
      .where(
        and(inArray(students.id, studentIds), sql`not exists (select 1 from teaching_class_student o where o.student_id = "student"."id")`),
      )
      .for('update');
  },

  async deleteStudents(tx: DbOrTx, studentIds: number[]) {
    if (studentIds.length) await tx.delete(students).where(inArray(students.id, studentIds));
  },

  /** Locks the media rows about to be judged, so that nobody takes one as an avatar while it goes. */
  async lockMedia(tx: DbOrTx, mediaIds: number[]) {
    if (!mediaIds.length) return;
    await tx.select({ id: media.id }).from(media).where(inArray(media.id, mediaIds)).orderBy(asc(media.id)).for('update');
  },

  /** Deletes those of these media that are not catalogue and that nothing refers to any more; answers them. */
  async deleteUnreferencedMedia(tx: DbOrTx, mediaIds: number[]): Promise<StoredMedia[]> {
    if (!mediaIds.length) return [];
    return tx
      .delete(media)
      .where(and(inArray(media.id, mediaIds), sql`not ${catalogueSql}`, sql`not ${referencedSql}`))
      .returning(stored);
  },

  async lockUser(tx: DbOrTx, userId: number) {
    const [row] = await tx
      .select({ id: users.id, username: users.username, avatarId: users.avatarId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row ?? null;
  },

  async classesCreatedBy(tx: DbOrTx, userId: number) {
    return tx
      .select({ id: teachingClasses.id, name: teachingClasses.name })
      .from(teachingClasses)
      .where(eq(teachingClasses.creatorId, userId))
      .orderBy(asc(teachingClasses.name));
  },

  async uploadsOf(tx: DbOrTx, userId: number) {
    return ids(
      await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.uploaderId, userId), isNotNull(media.uploaderId))),
    );
  },

  /** What the account's rows do not take with them by their foreign keys: its sign-in counter and its analytics. */
  async deleteUserTraces(tx: DbOrTx, userId: number, throttleKeys: string[]) {
    if (throttleKeys.length) await tx.delete(signInFailures).where(inArray(signInFailures.key, throttleKeys));
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  },

  async deleteUser(tx: DbOrTx, userId: number) {
    await tx.delete(users).where(eq(users.id, userId));
  },

  /**
   * Kept answers of writes (`Idempotency-Key`, DESIGN §7) that name one of these resources keep a minimal answer
   * (`minimalAnswer`: status, headers, `@id` and `id`), so a resend of the create answers its 201 again rather than
   * making the record anew, and no longer name anything else. Found by the IRIs each answer names (its `names`,
   * indexed), never by their text; the rows are locked, so a repeat replaying one waits for the erasure's commit.
   */
  async minimizeAnswersNaming(tx: DbOrTx, iris: string[]) {
    const k = idempotencyKeys;
    for (let i = 0; i < iris.length; i += ANSWER_BATCH) {
      const batch = iris.slice(i, i + ANSWER_BATCH);
      const named = await tx
        .select({ scope: k.scope, key: k.key, body: k.responseBody, names: k.names })
        .from(k)
        .where(
          sql`${k.names} && ${sql`array[${sql.join(
            batch.map((x) => sql`${x}`),
            sql`, `,
          )}]::text[]`}`,
        )
        .for('update');
      for (const row of named) {
        const body = minimalAnswer(row.body);
        const at = body === null ? undefined : (JSON.parse(body) as { '@id'?: string })['@id'];
        await tx
          .update(k)
          .set({ responseBody: body, names: at ? [at] : [] })
          .where(and(eq(k.scope, row.scope), eq(k.key, row.key)));
      }
    }
  },
};

/** IRIs matched per statement (each is a parameter). */
const ANSWER_BATCH = 500;

export { present };
