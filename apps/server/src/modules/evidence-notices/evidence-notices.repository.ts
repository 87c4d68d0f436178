import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { EntityType, NotificationType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notifications, ratings, studentProfileUsers, teachingClasses, teachingClassStudents } from '../../db/schema';

const isEvidence = and(eq(notifications.notificationType, NotificationType.NewEvidence), eq(notifications.entityType, EntityType.Rating));

export const evidenceNoticesRepository = {
  /**
   * Who hears of new evidence: each user linked to a named place of the class, or to any place of it when the
   * rating names no one (the whole class), with the child's names; the author is left out (a linked teacher, say).
   */
  async linkedReaders(tx: DbOrTx, classId: number, placeIds: number[] | null, authorId: number) {
    return tx
      .select({
        userId: studentProfileUsers.userId,
        placeId: teachingClassStudents.id,
        firstName: teachingClassStudents.firstName,
        lastName: teachingClassStudents.lastName,
        // Read with the readers, in the same trip: the saving transaction holds the class's lock meanwhile.
        className: teachingClasses.name,
        author: sql<string>`(select concat_ws(' ', u.first_name, u.last_name) from app_user u where u.id = ${authorId})`,
      })
      .from(studentProfileUsers)
      .innerJoin(teachingClassStudents, eq(teachingClassStudents.id, studentProfileUsers.teachingClassStudentId))
      .innerJoin(teachingClasses, eq(teachingClasses.id, studentProfileUsers.teachingClassId))
      .where(
        and(
          eq(studentProfileUsers.teachingClassId, classId),
          placeIds ? inArray(teachingClassStudents.id, placeIds.length ? placeIds : [0]) : undefined,
          sql`${studentProfileUsers.userId} <> ${authorId}`,
        ),
      )
      .orderBy(asc(teachingClassStudents.id), asc(studentProfileUsers.userId));
  },

  /** Whether another rating of the observation was saved before this one. */
  async observedBefore(tx: DbOrTx, observation: string, ratingId: number) {
    const [row] = await tx
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.observation, observation), sql`${ratings.id} <> ${ratingId}`))
      .limit(1);
    return !!row;
  },

  /** Unread notices of an observation's ratings naming a place it no longer names (an edit took the child off). */
  async withdrawForPlaces(tx: DbOrTx, ratingIds: number[], keptPlaceIds: number[]) {
    if (!ratingIds.length) return;
    await tx
      .delete(notifications)
      .where(
        and(
          isEvidence,
          inArray(notifications.entityId, ratingIds),
          eq(notifications.isRead, false),
          keptPlaceIds.length ? notInArray(notifications.teachingClassStudentId, keptPlaceIds) : undefined,
        ),
      );
  },
};
