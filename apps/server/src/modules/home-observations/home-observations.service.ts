import {
  EntityType,
  HOME_OBSERVATION_MESSAGES,
  NotificationType,
  RATING_MESSAGES,
  RATING_POINTS,
  fullName,
  isRatingMediaType,
  type ListQueryOutput,
  type Violation,
  type homeObservationCreateBody,
  type homeObservationListQuery,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, ValidationError, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { authorized, knows, permit } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { mediaRepository } from '../media/media.repository';
import { notificationsService } from '../notifications/notifications.service';
import { ratingsRepository } from '../ratings/ratings.repository';
import { actionsForClass, checkRatingDate } from '../ratings/ratings.checks';
import { homeObservationsRepository as repo, type FullHomeObservation } from './home-observations.repository';

type ListQuery = ListQueryOutput<typeof homeObservationListQuery>;
type CreateBody = z.output<typeof homeObservationCreateBody>;
const PLACE_REF = 'This teaching class student does not exist.';
const MEDIA_REF = 'This media does not exist.';

/** 404 unless the user may know of it; 403 unless they may take the action. */
const subjectOf = (row: FullHomeObservation) => ({ role: row.role, linked: row.linked });

/** The family's own uploads of the rating media types, attached nowhere yet (DESIGN §11: "as for ratings"). */
async function attachable(db: DbOrTx, p: Principal, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  await ratingsRepository.lockMedia(db, unique);
  const rows = new Map((await mediaRepository.findByIds(db, unique)).map((m) => [m.id, m]));
  const attached = await repo.attachedAnywhere(db, unique);
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const m = rows.get(id);
    const at = `medias.${i}`;
    if (!m) v.push({ propertyPath: at, message: MEDIA_REF });
    else if (m.uploaderId !== p.userId) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaNotYours });
    else if (!isRatingMediaType(m.mediaType)) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaType });
    else if (attached.has(id)) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaAttached });
  });
  if (v.length) throw new ValidationError(v);
  return unique;
}

/**
 * DESIGN §11 "Home observations": a family adds what their child did at home on an action of the class's skills; it
 * waits for the class's teachers, who approve it (it becomes a rating with `source: home` and the family member as its
 * creator, its attachments moved to it) or reject it with a reason.
 */
export const homeObservationsService = {
  async create(db: Db, p: Principal, b: CreateBody) {
    const found = await repo.placeAccess(db, b.teachingClassStudent, p.userId);
    // A place the user may not know of is no place at all for them (400 on the property, as a rating's class is).
    if (!found || !knows(p, 'place', found)) throw violation('teachingClassStudent', PLACE_REF);
    permit(p, 'place.addHomeObservation', found);
    refuseIfFinished(found.cls);
    checkRatingDate(found.cls, b.date);
    await actionsForClass(db, found.cls.id, [b.learningAction], undefined, 'learningAction');
    return db.transaction(async (tx) => {
      await lockOpenClass(tx, found.cls.id);
      const mediaIds = await attachable(tx, p, b.medias ?? []);
      const id = await repo.insert(tx, {
        teachingClassId: found.cls.id,
        teachingClassStudentId: found.place.id,
        learningActionId: b.learningAction,
        date: b.date,
        description: b.description ?? null,
        creatorId: p.userId,
      });
      await repo.attach(tx, id, mediaIds);
      const author = await repo.userName(tx, p.userId);
      await notificationsService.notify(tx, {
        recipients: await repo.teachersOf(tx, found.cls.id),
        notificationType: NotificationType.HomeObservationWaiting,
        entityType: EntityType.TeachingClass,
        entityId: found.cls.id,
        params: { student: fullName(found.place), class: found.cls.name, author: author ? fullName(author) : '' },
        path: `/teaching-class/${found.cls.id}`,
        // Tied to the child's place: it goes with the child's record.
        placeId: found.place.id,
      });
      return id;
    });
  },

  async get(db: DbOrTx, p: Principal, id: number) {
    const row = authorized(p, 'homeObservation.read', await repo.find(db, id, p.userId), subjectOf);
    return row;
  },

  list(db: DbOrTx, p: Principal, q: ListQuery) {
    return repo.list(
      db,
      p.userId,
      { classIds: q['teachingClass.id'], placeIds: q['teachingClassStudent.id'], statuses: q.status },
      q.itemsPerPage,
      offsetOf(q),
    );
  },

  medias: (db: DbOrTx, ids: number[]) => repo.medias(db, ids),

  /** Becomes a rating of that child only, by the family member, `source: home`; the family hears of it (type 13). */
  async approve(db: Db, p: Principal, id: number) {
    const row = authorized(p, 'homeObservation.answer', await repo.find(db, id, p.userId), subjectOf);
    if (row.obs.status !== 'pending') throw conflict(HOME_OBSERVATION_MESSAGES.answered);
    refuseIfFinished({ isFinished: row.isFinished });
    await db.transaction(async (tx) => {
      await lockOpenClass(tx, row.obs.teachingClassId);
      const obs = await repo.lockPending(tx, id);
      if (!obs) throw conflict(HOME_OBSERVATION_MESSAGES.answered);
      const ratingId = await ratingsRepository.insertWithStudents(
        tx,
        {
          teachingClassId: obs.teachingClassId,
          learningSkillId: row.skill.id,
          learningActionId: obs.learningActionId,
          date: obs.date,
          points: Math.max(RATING_POINTS.default, Number(row.skill.firstPoints ?? RATING_POINTS.default)),
          description: obs.description,
          creatorId: obs.creatorId,
          source: 'home',
        },
        [{ id: obs.teachingClassStudentId, studentId: row.student.studentId }],
      );
      await repo.moveMediaToRating(tx, id, ratingId);
      await repo.answer(tx, id, { status: 'approved', reason: null, ratingId });
      await notificationsService.notify(tx, {
        recipients: await repo.linkedUsersOf(tx, obs.teachingClassStudentId),
        notificationType: NotificationType.HomeObservationApproved,
        entityType: EntityType.Rating,
        entityId: ratingId,
        params: { student: fullName(row.student), class: row.className },
        path: `/student/${obs.teachingClassStudentId}`,
        placeId: obs.teachingClassStudentId,
      });
    });
  },

  async reject(db: Db, p: Principal, id: number, reason: string) {
    const row = authorized(p, 'homeObservation.answer', await repo.find(db, id, p.userId), subjectOf);
    if (row.obs.status !== 'pending') throw conflict(HOME_OBSERVATION_MESSAGES.answered);
    refuseIfFinished({ isFinished: row.isFinished });
    await db.transaction(async (tx) => {
      await lockOpenClass(tx, row.obs.teachingClassId);
      if (!(await repo.lockPending(tx, id))) throw conflict(HOME_OBSERVATION_MESSAGES.answered);
      await repo.answer(tx, id, { status: 'rejected', reason, ratingId: null });
    });
  },
};
