import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  classVisibleSql,
  conversationVisibleSql,
  homeObservationVisibleSql,
  placeVisibleSql,
  ratingVisibleSql,
  selfAssessmentVisibleSql,
  skillVisibleSql,
  studentVisibleSql,
  userVisibleSql,
} from './visibility.sql';

/*
 * DESIGN §2, "each media file is readable by exactly the users who can see what it is attached to", as one list under
 * the modules: each row names where a media id is attached and who sees that thing, in the predicate of
 * visibility.sql.ts that the owning module's lists and reads use too. A new kind of attachment is a new row here.
 */

interface Attachment {
  attachedTo: string;
  /** The tables, unaliased, that the visibility predicate is about. */
  from: SQL;
  /** The column holding the media id. */
  mediaId: SQL;
  visible: (userId: number) => SQL;
}

/** Tried in order until every id is seen: the commonest attachments first. */
export const MEDIA_ATTACHMENTS: readonly Attachment[] = [
  {
    attachedTo: 'a rating (its photo, video, audio or file)',
    from: sql`rating_media join rating on "rating"."id" = rating_media.rating_id`,
    mediaId: sql`rating_media.media_id`,
    visible: ratingVisibleSql,
  },
  {
    attachedTo: 'a home observation waiting for the teachers (its photo, video, audio or file)',
    from: sql`home_observation_media join home_observation on "home_observation"."id" = home_observation_media.home_observation_id`,
    mediaId: sql`home_observation_media.media_id`,
    visible: homeObservationVisibleSql,
  },
  {
    attachedTo: "a message of a child's conversation (its photo, video, audio or file)",
    from: sql`message_media join message on "message"."id" = message_media.message_id
      join conversation on "conversation"."id" = "message"."conversation_id"`,
    mediaId: sql`message_media.media_id`,
    visible: conversationVisibleSql,
  },
  {
    attachedTo: "a student's self-assessment (its photo, video, audio or file)",
    from: sql`self_assessment_media join self_assessment on "self_assessment"."id" = self_assessment_media.self_assessment_id`,
    mediaId: sql`self_assessment_media.media_id`,
    visible: selfAssessmentVisibleSql,
  },
  {
    attachedTo: 'a place (its avatar)',
    from: sql`teaching_class_student`,
    mediaId: sql`"teaching_class_student"."avatar_id"`,
    visible: placeVisibleSql,
  },
  { attachedTo: 'a class (its avatar)', from: sql`teaching_class`, mediaId: sql`"teaching_class"."avatar_id"`, visible: classVisibleSql },
  { attachedTo: 'a student (their avatar)', from: sql`student`, mediaId: sql`"student"."avatar_id"`, visible: studentVisibleSql },
  {
    attachedTo: 'a custom learning skill (its icon)',
    from: sql`learning_skill`,
    mediaId: sql`"learning_skill"."avatar_id"`,
    visible: skillVisibleSql,
  },
  { attachedTo: 'a user profile (its avatar)', from: sql`app_user`, mediaId: sql`"app_user"."avatar_id"`, visible: userVisibleSql },
];

/** Of these media ids, the ones attached (as `a`) to something the user sees: one query, walking the ids' indexes. */
async function attachedVisible(db: DbOrTx, a: Attachment, userId: number, mediaIds: number[]): Promise<number[]> {
  const ids = sql.join(
    mediaIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await db.execute<{ id: number }>(
    sql`select distinct ${a.mediaId} as id from ${a.from} where ${a.mediaId} in (${ids}) and ${a.visible(userId)}`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * Of these media ids, those attached to anything at all (an upload attached nowhere yet is in none of the lists):
 * what a new attachment must not be, whoever would see it.
 */
export async function attachedMediaIds(db: DbOrTx, mediaIds: number[]): Promise<Set<number>> {
  const attached = new Set<number>();
  if (!mediaIds.length) return attached;
  const ids = sql.join(
    mediaIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // One statement for every kind of attachment: a write that attaches media checks them in one round trip.
  const parts = MEDIA_ATTACHMENTS.map((a) => sql`select ${a.mediaId} as id from ${a.from} where ${a.mediaId} in (${ids})`);
  const res = await db.execute<{ id: number }>(sql.join(parts, sql` union `));
  for (const r of (res as unknown as { rows: { id: number }[] }).rows) attached.add(Number(r.id));
  return attached;
}

/** Of these media ids, the ones the user may see because of what they are attached to. One query per attachment, not per id. */
export async function visibleAttachedMediaIds(db: DbOrTx, userId: number, mediaIds: number[]): Promise<Set<number>> {
  const visible = new Set<number>();
  let rest = mediaIds;
  for (const a of MEDIA_ATTACHMENTS) {
    if (!rest.length) break;
    for (const id of await attachedVisible(db, a, userId, rest)) visible.add(id);
    rest = rest.filter((id) => !visible.has(id));
  }
  return visible;
}
