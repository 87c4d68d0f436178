import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { EntityType, NotificationType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notifications, ratingComments, ratingReactions, ratings, teachingClasses, teachingClassStudents, users } from '../../db/schema';
import { classRoleSql, taughtClassIdsSql } from '../../class-access/class-roles';
import { ratingCommentVisibleSql, ratingReactionVisibleSql, ratingVisibleSql } from '../../class-access/visibility.sql';
import { linkedPlacesOfRatingSql } from '../../records/linked-access.sql';

/** Whether the unaliased "rating_comment"'s author teaches the rating's class. */
const byTeacherSql = sql<boolean>`("rating_comment"."author_id" = "teaching_class"."creator_id"
  or exists (select 1 from teaching_class_teacher bt
    where bt.teaching_class_id = "teaching_class"."id" and bt.teacher_id = "rating_comment"."author_id"))`;

export const ratingCommentsRepository = {
  /**
   * A rating as the user stands to it: its class, the class's setting, the user's role there, and the places of the
   * class they are linked to that the rating is about (none: not its family). Null when there is no such rating.
   */
  async ratingFor(db: DbOrTx, ratingId: number, userId: number) {
    const [row] = await db
      .select({
        id: ratings.id,
        classId: ratings.teachingClassId,
        className: teachingClasses.name,
        familyComments: teachingClasses.familyComments,
        role: classRoleSql(userId),
        places: linkedPlacesOfRatingSql(userId),
      })
      .from(ratings)
      .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
      .where(eq(ratings.id, ratingId));
    return row ?? null;
  },

  /** The comments the user may read (of some ratings, or of all they see), oldest first, with their authors. */
  async list(db: DbOrTx, userId: number, ratingIds: number[] | undefined, limit: number, offset: number) {
    const where = and(
      ratingIds ? inArray(ratingComments.ratingId, ratingIds) : undefined,
      ratingVisibleSql(userId),
      ratingCommentVisibleSql(userId),
    );
    const from = () =>
      db
        .select({ n: count() })
        .from(ratingComments)
        .innerJoin(ratings, eq(ratings.id, ratingComments.ratingId))
        .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId));
    const rows = await db
      .select({
        comment: ratingComments,
        classId: ratings.teachingClassId,
        author: { id: users.id, firstName: users.firstName, lastName: users.lastName, accountType: users.accountType },
        byTeacher: byTeacherSql,
        taught: sql<boolean>`("rating"."teaching_class_id" in ${taughtClassIdsSql(userId)})`,
      })
      .from(ratingComments)
      .innerJoin(ratings, eq(ratings.id, ratingComments.ratingId))
      .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
      .innerJoin(users, eq(users.id, ratingComments.authorId))
      .where(where)
      .orderBy(asc(ratingComments.ratingId), asc(ratingComments.id))
      .limit(limit)
      .offset(offset);
    const [total] = await from().where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /** One comment with what its checks need: the reader's role in its class, and whether they may see it. */
  async findComment(db: DbOrTx, id: number, userId: number) {
    const [row] = await db
      .select({
        comment: ratingComments,
        classId: ratings.teachingClassId,
        role: classRoleSql(userId),
        visible: sql<boolean>`(${ratingVisibleSql(userId)} and ${ratingCommentVisibleSql(userId)})`,
      })
      .from(ratingComments)
      .innerJoin(ratings, eq(ratings.id, ratingComments.ratingId))
      .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
      .where(eq(ratingComments.id, id));
    return row ?? null;
  },

  async insert(tx: DbOrTx, values: typeof ratingComments.$inferInsert) {
    const [row] = await tx.insert(ratingComments).values(values).returning({ id: ratingComments.id });
    return row!.id;
  },

  async setHidden(tx: DbOrTx, id: number, isHidden: boolean) {
    await tx.update(ratingComments).set({ isHidden, updated: new Date() }).where(eq(ratingComments.id, id));
  },

  /** Deletes a comment and the notices about it; false when it was gone already. */
  async remove(tx: DbOrTx, id: number) {
    const gone = await tx.delete(ratingComments).where(eq(ratingComments.id, id)).returning({ id: ratingComments.id });
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.notificationType, NotificationType.RatingComment),
          eq(notifications.entityType, EntityType.RatingComment),
          eq(notifications.entityId, id),
        ),
      );
    return gone.length > 0;
  },

  /** The class's teachers (creator and co-teachers), who hear of a family's comment. */
  async teachersOf(tx: DbOrTx, classId: number) {
    const rows = await tx.execute<{ id: number }>(sql`select creator_id as id from teaching_class where id = ${classId}
      union select teacher_id from teaching_class_teacher where teaching_class_id = ${classId}`);
    return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  },

  /** The words of a comment's notice: the child's and the commenter's names. */
  async noticeNames(tx: DbOrTx, placeId: number, userId: number) {
    const [place] = await tx
      .select({ firstName: teachingClassStudents.firstName, lastName: teachingClassStudents.lastName })
      .from(teachingClassStudents)
      .where(eq(teachingClassStudents.id, placeId));
    const [user] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    return { place, user };
  },

  async react(tx: DbOrTx, ratingId: number, userId: number, placeId: number | null) {
    await tx.insert(ratingReactions).values({ ratingId, userId, teachingClassStudentId: placeId }).onConflictDoNothing();
  },

  async unreact(tx: DbOrTx, ratingId: number, userId: number) {
    await tx.delete(ratingReactions).where(and(eq(ratingReactions.ratingId, ratingId), eq(ratingReactions.userId, userId)));
  },

  /**
   * Per rating the user sees (of these, or a page of all, newest first): the hearts and comments they may see, their
   * own heart, and what they may do.
   */
  async summaries(db: DbOrTx, userId: number, ratingIds: number[] | undefined, limit: number, offset: number) {
    const where = and(ratingIds ? inArray(ratings.id, ratingIds) : undefined, ratingVisibleSql(userId));
    const rows = await db
      .select({
        id: ratings.id,
        hearts: sql<number>`(select count(*)::int from rating_reaction where rating_reaction.rating_id = "rating"."id"
          and ${ratingReactionVisibleSql(userId)})`,
        reacted: sql<boolean>`exists (select 1 from rating_reaction mine
          where mine.rating_id = "rating"."id" and mine.user_id = ${userId})`,
        comments: sql<number>`(select count(*)::int from rating_comment where rating_comment.rating_id = "rating"."id"
          and ${ratingCommentVisibleSql(userId)})`,
        familyComments: teachingClasses.familyComments,
        taught: sql<boolean>`("rating"."teaching_class_id" in ${taughtClassIdsSql(userId)})`,
        places: linkedPlacesOfRatingSql(userId),
      })
      .from(ratings)
      .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
      .where(where)
      .orderBy(desc(ratings.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(ratings).where(where);
    return { rows, total: total?.n ?? 0 };
  },
};
