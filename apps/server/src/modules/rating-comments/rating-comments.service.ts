import { EntityType, NotificationType, RATING_COMMENT_MESSAGES, fullName } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { authorize, authorized, teaches } from '../../class-access/access-rules';
import { notificationsService } from '../notifications/notifications.service';
import { ratingCommentsRepository as repo } from './rating-comments.repository';

type RatingRow = NonNullable<Awaited<ReturnType<typeof repo.ratingFor>>>;
const subjectOf = (r: RatingRow) => ({ role: r.role, linked: r.places.length > 0 });
/** The child a family speaks for: the first of theirs the rating is about (null for a teacher, seen by everyone). */
const placeOf = (r: RatingRow) => (teaches(r.role) ? null : (r.places[0] ?? null));

/**
 * DESIGN §11 reactions and comments on a rating. Who sees which comment is `ratingCommentVisibleSql`
 * (class-access/visibility.sql.ts); who may write, delete and hide is `access-rules.ts`.
 */
export const ratingCommentsService = {
  /** The rating the user may read comments of (404 for whoever may not know it). */
  async readable(db: Db, p: Principal, ratingId: number) {
    return authorized(p, 'rating.readComments', await repo.ratingFor(db, ratingId, p.userId), subjectOf);
  },

  async list(db: Db, p: Principal, ratingIds: number[] | undefined, limit: number, offset: number) {
    // One rating: its 404 for those who may not know it; several: those the user sees (as the other link lists).
    if (ratingIds?.length === 1) await this.readable(db, p, ratingIds[0]!);
    return repo.list(db, p.userId, ratingIds, limit, offset);
  },

  /** A comment by a teacher of the class or a family of a child the rating is about, while the class allows comments. */
  async create(db: Db, p: Principal, b: { rating: number; text: string }) {
    return db.transaction(async (tx) => {
      const r = authorized(p, 'rating.comment', await repo.ratingFor(tx, b.rating, p.userId), subjectOf);
      if (!r.familyComments) throw forbidden(RATING_COMMENT_MESSAGES.off);
      const placeId = placeOf(r);
      const id = await repo.insert(tx, { ratingId: r.id, authorId: p.userId, teachingClassStudentId: placeId, text: b.text });
      // The class's teachers hear of a family's words (type 11); the notice goes with the child's place.
      if (placeId !== null) {
        const recipients = (await repo.teachersOf(tx, r.classId)).filter((u) => u !== p.userId);
        const { place, user } = await repo.noticeNames(tx, placeId, p.userId);
        await notificationsService.notify(tx, {
          recipients,
          notificationType: NotificationType.RatingComment,
          entityType: EntityType.RatingComment,
          entityId: id,
          params: { student: place ? fullName(place) : '', class: r.className, author: user ? fullName(user) : '' },
          path: `/student/${placeId}`,
          placeId,
        });
      }
      return id;
    });
  },

  /** Its author or a teacher of the class; of concurrent deletes one answers 204, the others 404. */
  async remove(db: Db, p: Principal, id: number) {
    const found = await repo.findComment(db, id, p.userId);
    authorize(p, 'comment.delete', found ? { role: found.role, visible: found.visible, ownerId: found.comment.authorId } : null);
    const gone = await db.transaction((tx) => repo.remove(tx, id));
    if (!gone) throw notFound(RATING_COMMENT_MESSAGES.notFound);
  },

  /** A teacher of the class hides a comment from families, or shows it again. */
  async setHidden(db: Db, p: Principal, id: number, isHidden: boolean) {
    const found = await repo.findComment(db, id, p.userId);
    authorize(p, 'comment.hide', found ? { role: found.role, visible: found.visible, ownerId: found.comment.authorId } : null);
    await repo.setHidden(db, id, isHidden);
  },

  /** One heart per user and rating: giving it again changes nothing. Not turned off by `familyComments`. */
  async react(db: Db, p: Principal, ratingId: number) {
    await db.transaction(async (tx) => {
      const r = authorized(p, 'rating.react', await repo.ratingFor(tx, ratingId, p.userId), subjectOf);
      await repo.react(tx, r.id, p.userId, placeOf(r));
    });
  },

  async unreact(db: Db, p: Principal, ratingId: number) {
    const r = authorized(p, 'rating.react', await repo.ratingFor(db, ratingId, p.userId), subjectOf);
    await repo.unreact(db, r.id, p.userId);
  },

  async summaries(db: Db, p: Principal, ratingIds: number[] | undefined, limit = 100, offset = 0) {
    const { rows, total } = await repo.summaries(db, p.userId, ratingIds, limit, offset);
    const members = rows.map((r) => {
      const canReact = r.taught || r.places.length > 0;
      return { ...r, canReact, canComment: canReact && r.familyComments };
    });
    return { rows: members, total };
  },
};
