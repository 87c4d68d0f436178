import {
  EntityType,
  HOME_OBSERVATION_MESSAGES,
  NotificationType,
  RATING_POINTS,
  fullName,
  type ListQueryOutput,
  type homeObservationCreateBody,
  type homeObservationListQuery,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { authorized, gone, knows, permit } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { notificationsService } from '../notifications/notifications.service';
import { ratingsRepository } from '../ratings/ratings.repository';
import { actionsForClass, attachableUploads, checkRatingDate } from '../ratings/ratings.checks';
import { withErasure } from '../../records/erasure';
import { HOME_OBSERVATION_PARAM } from '../../records/notice-withdrawal.sql';
import type { FileStore } from '../../lib/file-store';
import { homeObservationsRepository as repo, type FullHomeObservation } from './home-observations.repository';

type ListQuery = ListQueryOutput<typeof homeObservationListQuery>;
type CreateBody = z.output<typeof homeObservationCreateBody>;
const PLACE_REF = 'This teaching class student does not exist.';

/** 404 unless the user may know of it; 403 unless they may take the action. */
const subjectOf = (row: FullHomeObservation) => ({ role: row.role, linked: row.linked, ownerId: row.obs.creatorId });

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
      // The rule ratings and messages share: one upload is attached to one thing only (a message, a rating, this).
      const mediaIds = await attachableUploads(tx, p, b.medias ?? []);
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
        params: {
          student: fullName(found.place),
          class: found.cls.name,
          author: author ? fullName(author) : '',
          [HOME_OBSERVATION_PARAM]: String(id),
        },
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
      // The family hears why (type 13 in the words of a rejection); no rating exists, so it names the class.
      await notificationsService.notify(tx, {
        recipients: await repo.linkedUsersOf(tx, row.obs.teachingClassStudentId),
        notificationType: NotificationType.HomeObservationApproved,
        textKey: 'home_observation_rejected',
        entityType: EntityType.TeachingClass,
        entityId: row.obs.teachingClassId,
        params: { student: fullName(row.student), class: row.className, reason, [HOME_OBSERVATION_PARAM]: String(id) },
        path: `/student/${row.obs.teachingClassStudentId}`,
        placeId: row.obs.teachingClassStudentId,
      });
    });
  },

  /**
   * Its author takes back one not approved (DESIGN §11): it goes with its files and the notices nobody read yet.
   * An approved one is a rating now (409: a teacher deletes ratings); racing an approval, one of them wins.
   */
  async withdraw(db: Db, p: Principal, files: FileStore, id: number) {
    const row = authorized(p, 'homeObservation.withdraw', await repo.find(db, id, p.userId), subjectOf);
    if (row.obs.status === 'approved') throw conflict(HOME_OBSERVATION_MESSAGES.approvedStays);
    refuseIfFinished({ isFinished: row.isFinished });
    const done = await withErasure({ db, files }, async (e) => {
      // The class before the observation, as an approval locks them.
      if (!(await lockOpenClass(e.tx, row.obs.teachingClassId))) return false;
      const locked = await repo.lock(e.tx, id);
      if (!locked) return false;
      if (locked.status === 'approved') throw conflict(HOME_OBSERVATION_MESSAGES.approvedStays);
      return e.homeObservation(id, locked.teachingClassId);
    });
    if (!done) throw gone('homeObservation');
  },
};
