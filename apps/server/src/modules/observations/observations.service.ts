import { OBSERVATION_MESSAGES, RATING_MESSAGES, type observationCreateBody, type observationPatchBody } from '@skillroom/contract';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound, violation } from '../../http/errors';
import { permit } from '../../class-access/access-rules';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { withErasure } from '../../records/erasure';
import { classAccessRepository } from '../../class-access/class-access.repository';
import {
  actionsForClass,
  attachableMedia,
  checkPointsInStages,
  checkRatingDate,
  classToRate,
  lockClassToRate,
  placesFor,
  ratedInClass,
} from '../ratings/ratings.checks';
import { ratingsRepository, type FullRating } from '../ratings/ratings.repository';
import { evidenceNoticesService } from '../evidence-notices/evidence-notices.service';
import { observationsRepository as repo } from './observations.repository';

const ids2 = (places: { id: number }[]) => places.map((x) => x.id);

type CreateBody = z.output<typeof observationCreateBody>;
type PatchBody = z.output<typeof observationPatchBody>;

/**
 * One observation written as a whole (DESIGN §14): its ratings (one per learning action) share class, creator, date,
 * points, note, students and attachments. Class, role, actions, places and media are checked once for all of them,
 * and everything is written in one transaction under the class's lock (the rules are those of a rating: ratings.checks.ts).
 */
export const observationsService = {
  /** The observation's ratings the user may see; 404 when there are none. */
  async get(db: Db, p: Principal, id: string): Promise<FullRating[]> {
    const rows = await ratingsRepository.findObservation(db, p.userId, id);
    if (!rows.length) throw notFound(OBSERVATION_MESSAGES.notFound);
    return rows;
  },

  /** Creates the ratings; answers the observation's id. A client-chosen id already used answers 409. */
  async create(db: Db, p: Principal, files: FileStore, b: CreateBody): Promise<string> {
    const cls = await classToRate(db, p, b.teachingClass);
    checkRatingDate(cls, b.date);
    const actions = await actionsForClass(db, cls.id, b.learningActions, b.learningSkill);
    await checkPointsInStages(
      db,
      actions.map((a) => a.learningSkillId),
      b.points,
    );
    const places = await placesFor(db, cls.id, b.students);
    const observation = b.observation ?? randomUUID();
    await withErasure({ db, files }, async ({ tx }) => {
      await lockClassToRate(tx, cls.id);
      if (b.observation && (await repo.exists(tx, observation))) throw conflict(OBSERVATION_MESSAGES.exists);
      const shared = {
        teachingClassId: cls.id,
        date: b.date,
        points: b.points,
        description: b.description,
        creatorId: p.userId,
        observation,
      };
      const ids = await repo.insertRatings(tx, shared, actions, places);
      await attachMedia(tx, p, b.medias ?? [], { observation, ratingIds: ids });
      await evidenceNoticesService.announce(tx, {
        classId: cls.id,
        firstRatingId: Math.min(...ids),
        placeIds: ids2(places),
        authorId: p.userId,
      });
    });
    return observation;
  },

  /**
   * Changes the observation as a whole: `learningActions` is the full set (ratings of actions left out go with what
   * only they carried, and so do its ratings of a skill as a whole; new ones are made like the others), every other
   * field applies to every rating of it.
   */
  async patch(db: Db, p: Principal, files: FileStore, id: string, b: PatchBody) {
    const current = editable(p, await observationsService.get(db, p, id));
    const first = current[0]!.rating;
    const classId = first.teachingClassId;
    const wanted = b.learningActions ? await actionsForClass(db, classId, b.learningActions, b.learningSkill) : null;
    // A skill sent alone must be that of the actions the observation keeps (or moves its ratings of a skill as a whole).
    const movedTo = !wanted && b.learningSkill !== undefined ? await skillSentAlone(db, current, b.learningSkill) : null;
    const added = (wanted ?? []).filter((a) => !current.some((r) => r.rating.learningActionId === a.id));
    const kept = wanted ? current.filter((r) => wanted.some((a) => a.id === r.rating.learningActionId)) : current;
    const skillsAfter = [...kept.map((r) => movedTo ?? r.rating.learningSkillId), ...added.map((a) => a.learningSkillId)];
    if (b.points !== undefined || added.length || movedTo) await checkPointsInStages(db, skillsAfter, b.points ?? first.points);
    const dropped = current.filter((r) => !kept.includes(r)).map((r) => r.rating.id);
    const places = b.students
      ? await placesFor(db, classId, b.students)
      : added.length
        ? await placesFor(
            db,
            classId,
            current[0]!.places.map((placeId) => ({ kind: 'place' as const, id: placeId })),
          )
        : null;
    const date = b.date ?? first.date;
    const attached = [...new Set(current.flatMap((r) => r.medias.map((m) => m.media.id)))];
    const mediaNow = b.medias ?? attached;
    await withErasure({ db, files }, async (e) => {
      const tx = e.tx;
      await lockClassToRate(tx, classId);
      if (b.date !== undefined && b.date !== first.date) {
        checkRatingDate((await classAccessRepository.findAccess(tx, classId, p.userId))!.cls, b.date);
      }
      const keptIds = kept.map((r) => r.rating.id);
      await repo.updateShared(tx, keptIds, {
        date: b.date,
        points: b.points,
        description: b.description,
        learningSkillId: movedTo ?? undefined,
      });
      if (b.students) {
        await repo.setStudents(tx, keptIds, date, places!);
        await evidenceNoticesService.studentsChanged(
          tx,
          { classId, ratingIds: keptIds, before: current[0]!.places, after: ids2(places!) },
          p.userId,
        );
      }
      const shared = {
        teachingClassId: classId,
        date,
        points: b.points ?? first.points,
        description: b.description !== undefined ? b.description : first.description,
        creatorId: first.creatorId,
        observation: id,
      };
      const newIds = await repo.insertRatings(tx, shared, added, places ?? []);
      await e.detach(
        keptIds,
        attached.filter((m) => !mediaNow.includes(m)),
      );
      const ratingIds = [...keptIds, ...newIds];
      await attachMedia(tx, p, mediaNow, {
        observation: id,
        ratingIds,
        carriedBy: ratingIds.concat(dropped),
      });
      // Last: a media the dropped ratings shared with those kept or made is linked to them by now, and stays.
      await e.ratings(dropped);
    });
  },

  /** Deletes every rating of the observation the user may see, with their media and files; 404 when none was left. */
  async remove(db: Db, p: Principal, files: FileStore, id: string) {
    const current = editable(p, await observationsService.get(db, p, id));
    const classId = current[0]!.rating.teachingClassId;
    const erased = await withErasure({ db, files }, async (e) => {
      await lockClassToRate(e.tx, classId);
      return e.ratings(current.map((r) => r.rating.id));
    });
    if (!erased.length) throw notFound(OBSERVATION_MESSAGES.notFound);
  },
};

/**
 * PATCH with a skill and no actions: the skill must be that of each action the observation keeps. Its ratings of a
 * skill as a whole (POST /rating, DESIGN §14) name no action: when they are all it has, they move to a skill the class
 * uses (the skill of the one rating the editor shows); answers the skill they move to, or null.
 */
async function skillSentAlone(db: Db, current: FullRating[], skillId: number) {
  const classId = current[0]!.rating.teachingClassId;
  const actionIds = current.flatMap((r) => r.rating.learningActionId ?? []);
  await actionsForClass(db, classId, actionIds, skillId);
  if (current.every((r) => r.rating.learningSkillId === skillId)) return null;
  if (actionIds.length) throw violation('learningSkill', RATING_MESSAGES.skillMismatch);
  return (await ratedInClass(db, classId, null, skillId)).learningSkillId;
}

/** Every rating of it the user may change (403 otherwise), all of one class (an older client may have mixed them: 409). */
function editable(p: Principal, rows: FullRating[]) {
  for (const r of rows) permit(p, 'rating.edit', { role: r.role, ownerId: r.rating.creatorId });
  if (new Set(rows.map((r) => r.rating.teachingClassId)).size > 1) throw conflict(OBSERVATION_MESSAGES.mixedClasses);
  return rows;
}

interface Target {
  observation: string;
  /** The ratings each media is linked to. */
  ratingIds: number[];
  carriedBy?: number[];
}

/** The media's rules are a rating's (`attachableMedia`), checked once under their row locks; then one insert links them all. */
async function attachMedia(tx: Tx, p: Principal, mediaIds: number[], to: Target) {
  if (!mediaIds.length || !to.ratingIds.length) return;
  await ratingsRepository.lockMedia(tx, mediaIds);
  const ok = await attachableMedia(tx, p, mediaIds, { ...to, ratingId: null });
  await repo.attachToAll(tx, to.ratingIds, ok);
}
