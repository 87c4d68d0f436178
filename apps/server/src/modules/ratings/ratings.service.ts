import type { ListQueryOutput, ratingCreateBody, ratingListQuery, ratingPatchBody } from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf } from '../../http/hydra';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../http/errors';
import { withErasure } from '../../records/erasure';
import { classAccessRepository } from '../../class-access/class-access.repository';
import {
  attach,
  checkPointsInStages,
  checkRatingDate,
  classToRate,
  editableRating,
  lockClassToRate,
  placesFor,
  RATING_NOT_FOUND,
  ratedAfterPatch,
  ratedInClass,
  visibleRating,
} from './ratings.checks';
import { evidenceNoticesService } from '../evidence-notices/evidence-notices.service';
import { ratingsPolicy } from './ratings.policy';
import { ratingsRepository as repo, type FullRating } from './ratings.repository';

type CreateBody = z.output<typeof ratingCreateBody>;
type PatchBody = z.output<typeof ratingPatchBody>;
type ListQuery = ListQueryOutput<typeof ratingListQuery>;

export const canEditRating = (r: FullRating, p: Principal) => ratingsPolicy.canEdit(r.role, r.rating.creatorId, p.userId);

export const ratingsService = {
  get: visibleRating,

  list(db: DbOrTx, p: Principal, q: ListQuery) {
    return repo.list(
      db,
      p.userId,
      {
        classIds: q['teachingClass.id'],
        placeIds: q['students.id'],
        studentIds: q['ratingStudents.student.id'],
        skillIds: q['learningSkill.id'],
        actionIds: q['learningAction.id'],
        creatorIds: q['creator.id'],
        ids: q.id,
        observations: q.observation,
        after: q.date?.after,
        before: q.date?.before,
        includeWholeClass: q.includeWholeClass,
      },
      q.itemsPerPage,
      offsetOf(q),
    );
  },

  /**
   * One rating of one action, or of a skill as a whole (no action: the product's own clients); everything named is
   * checked, then written in one transaction under the class's lock.
   */
  async create(db: Db, p: Principal, b: CreateBody) {
    const cls = await classToRate(db, p, b.teachingClass);
    checkRatingDate(cls, b.date);
    const rated = await ratedInClass(db, cls.id, b.learningAction, b.learningSkill);
    await checkPointsInStages(db, [rated.learningSkillId], b.points);
    const places = await placesFor(db, cls.id, b.students);
    return db.transaction(async (tx) => {
      await lockClassToRate(tx, cls.id);
      const id = await repo.insertWithStudents(
        tx,
        {
          teachingClassId: cls.id,
          ...rated,
          date: b.date,
          points: b.points,
          description: b.description,
          creatorId: p.userId,
          // Absent: the database makes one.
          observation: b.observation,
        },
        places,
      );
      if (b.medias) await attach(tx, p, b.medias, { ratingId: id, observation: b.observation });
      // A rating joining an observation (the product's clients send one per action) was told of with its first one.
      if (!b.observation || !(await evidenceNoticesService.observedBefore(tx, b.observation, id)))
        await evidenceNoticesService.announce(tx, {
          classId: cls.id,
          firstRatingId: id,
          placeIds: places.map((x) => x.id),
          authorId: p.userId,
        });
      return id;
    });
  },

  /**
   * Date, points, note, action (null: the skill as a whole), students, observation and (with `medias`) the full set
   * of attachments; a detached media goes with its files when no other rating links it (records/erasure.ts).
   */
  async patch(db: Db, p: Principal, files: FileStore, id: number, b: PatchBody) {
    const current = await editableRating(db, p, id);
    const classId = current.rating.teachingClassId;
    const rated = await ratedAfterPatch(db, current.rating, b);
    if (b.points !== undefined || rated) {
      await checkPointsInStages(db, [rated?.learningSkillId ?? current.rating.learningSkillId], b.points ?? current.rating.points);
    }
    const places = b.students ? await placesFor(db, classId, b.students) : null;
    const date = b.date ?? current.rating.date;
    const observation = b.observation ?? current.rating.observation;
    // A medias list names the attachments to keep; a new observation must suit those the rating keeps.
    const mediaIds = b.medias ?? (observation !== current.rating.observation ? current.medias.map((m) => m.media.id) : null);
    await withErasure({ db, files }, async (e) => {
      const tx = e.tx;
      await lockClassToRate(tx, classId);
      const cls = (await classAccessRepository.findAccess(tx, classId, p.userId))!.cls;
      // A date sent back unchanged is accepted even when the class's dates moved since.
      if (b.date !== undefined && b.date !== current.rating.date) checkRatingDate(cls, b.date);
      await repo.update(tx, id, {
        date: b.date,
        points: b.points,
        description: b.description,
        observation: b.observation,
        ...rated,
      });
      if (places) {
        await repo.setStudents(tx, id, date, places);
        const change = { classId, ratingIds: [id], before: current.places, after: places.map((x) => x.id) };
        await evidenceNoticesService.studentsChanged(tx, change, p.userId);
      }
      if (!mediaIds) return;
      const keep = new Set(mediaIds);
      await e.detach(
        id,
        current.medias.filter((m) => !keep.has(m.media.id)).map((m) => m.media.id),
      );
      await attach(tx, p, mediaIds, { ratingId: id, observation });
    });
  },

  /** Deletes the rating, its links, and its media with their files; of concurrent deletes one answers 204, the others 404. */
  async remove(db: Db, p: Principal, files: FileStore, id: number) {
    const { rating } = await editableRating(db, p, id);
    const erased = await withErasure({ db, files }, async (e) => {
      await lockClassToRate(e.tx, rating.teachingClassId);
      return e.ratings([id]);
    });
    if (!erased.length) throw notFound(RATING_NOT_FOUND);
  },
};
