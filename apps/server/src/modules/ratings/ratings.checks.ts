import {
  GROWTH_MESSAGES,
  LEARNING_SKILL_MESSAGES,
  RATING_MESSAGES,
  isRatingMediaType,
  pointsWithinStages,
  type RatingStudentRef,
  type Violation,
} from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notFound, ValidationError, violation } from '../../http/errors';
import { permit } from '../../class-access/access-rules';
import { attachedMediaIds } from '../../class-access/media-visibility.sql';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { mediaRepository } from '../media/media.repository';
import { learningSkillsRepository as skillsRepository } from '../learning-skills/learning-skills.repository';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { ratingsRepository as repo, type FullRating } from './ratings.repository';

/** What a rating's body names, checked against its class before anything is written. */

export const RATING_NOT_FOUND = 'Rating not found.';
const REF = {
  teachingClass: 'This teaching class does not exist.',
  learningAction: 'This learning action does not exist.',
  learningSkill: 'This learning skill does not exist.',
  media: 'This media does not exist.',
  rating: 'This rating does not exist.',
};

/** The class a rating is made in: unseen → 400 on the property, seen but may not rate → 403. */
export async function classToRate(db: DbOrTx, p: Principal, classId: number) {
  const row = await classAccessRepository.findAccess(db, classId, p.userId);
  if (!row || row.role === null) throw violation('teachingClass', REF.teachingClass);
  permit(p, 'class.rate', row);
  refuseIfFinished(row.cls);
  return row.cls;
}

/** The class, locked and checked again inside the write's transaction (DESIGN §7): finished → 409, gone → 404. */
export async function lockClassToRate(tx: DbOrTx, classId: number) {
  if (!(await lockOpenClass(tx, classId))) throw notFound(RATING_NOT_FOUND);
}

/**
 * The latest date that is today somewhere: a teacher's "today" runs up to 14 hours ahead of the server's UTC clock
 * (UTC+14), so "not after today" is judged against that, never refusing a rating made this morning in Hong Kong.
 */
export function latestToday(now = Date.now()) {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** DESIGN §7: a rating's date lies within its class's start and end, and not after today (400 on `date`). */
export function checkRatingDate(cls: { start: string; end: string }, date: string) {
  if (date < cls.start) throw violation('date', RATING_MESSAGES.dateBeforeClass);
  if (date > cls.end) throw violation('date', RATING_MESSAGES.dateAfterClass);
  if (date > latestToday()) throw violation('date', RATING_MESSAGES.dateInFuture);
}

/** DESIGN §12: a rating's points name a stage of its skill (each skill's, for an observation of several); 400 on `points`. */
export async function checkPointsInStages(db: DbOrTx, skillIds: number[], points: number | undefined) {
  if (points === undefined || !skillIds.length) return;
  const stages = await skillsRepository.stagesOf(db, [...new Set(skillIds)]);
  if (stages.some((s) => !pointsWithinStages(s, points))) throw violation('points', GROWTH_MESSAGES.pointsOutsideStages);
}

/** What a rating rates: an action and its skill, or a skill as a whole (DESIGN §14: the product's own rating model). */
export interface Rated {
  learningSkillId: number;
  learningActionId: number | null;
}

/**
 * POST/PATCH /rating: the action, of a skill the class uses (the skill, when given too, must be the action's: a
 * violation on `learningAction`), or with no action the skill alone, which the class must use.
 */
export async function ratedInClass(
  db: DbOrTx,
  classId: number,
  actionId: number | null | undefined,
  skillId: number | undefined,
): Promise<Rated> {
  if (actionId === null || actionId === undefined) {
    const skill = await skillsRepository.skillInClass(db, classId, skillId!);
    if (!skill) throw violation('learningSkill', REF.learningSkill);
    if (!skill.inClass) throw violation('learningSkill', RATING_MESSAGES.skillNotInClass);
    return { learningSkillId: skill.id, learningActionId: null };
  }
  const [a] = await actionsForClass(db, classId, [actionId], skillId, 'learningAction', 'learningAction');
  return { learningSkillId: a!.learningSkillId, learningActionId: a!.id };
}

/** PATCH /rating: what the rating rates once changed, or null when that stays as it is. */
export async function ratedAfterPatch(
  db: DbOrTx,
  cur: { teachingClassId: number; learningSkillId: number; learningActionId: number | null },
  b: { learningAction?: number | null | undefined; learningSkill?: number | undefined },
): Promise<Rated | null> {
  const skillChanges = b.learningSkill !== undefined && b.learningSkill !== cur.learningSkillId;
  if (b.learningAction === undefined) {
    if (!skillChanges) return null;
    // A rating of an action keeps the action's skill; one of a skill alone may move to another skill of its class.
    if (cur.learningActionId !== null) throw violation('learningSkill', RATING_MESSAGES.skillMismatch);
    return ratedInClass(db, cur.teachingClassId, null, b.learningSkill);
  }
  if (b.learningAction === cur.learningActionId && !skillChanges) return null;
  // Null: the skill as a whole from now on; the skill the rating had needs no new check.
  if (b.learningAction === null && !skillChanges) return { learningSkillId: cur.learningSkillId, learningActionId: null };
  // An action set on a rating of a skill alone must be one of that skill's, unless a new skill is sent with it.
  const skill = b.learningSkill ?? (cur.learningActionId === null ? cur.learningSkillId : undefined);
  return ratedInClass(db, cur.teachingClassId, b.learningAction, skill);
}

/**
 * Actions of skills the class uses, checked in one statement; the skill, when sent, must be each action's. A violation
 * names the action's index (`learningActions.1`) when there are several, the property alone for POST /rating's one.
 */
export async function actionsForClass(
  db: DbOrTx,
  classId: number,
  actionIds: number[],
  skillId?: number,
  path = 'learningActions',
  mismatchPath = 'learningSkill',
) {
  const unique = [...new Set(actionIds)];
  const found = new Map((await repo.actionsInClass(db, classId, unique)).map((a) => [a.id, a]));
  const at = (i: number) => (path === 'learningActions' ? `${path}.${i}` : path);
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const a = found.get(id);
    if (!a) v.push({ propertyPath: at(i), message: REF.learningAction });
    else if (skillId !== undefined && skillId !== a.learningSkillId) {
      if (!v.some((x) => x.propertyPath === mismatchPath)) v.push({ propertyPath: mismatchPath, message: RATING_MESSAGES.skillMismatch });
    } else if (!a.inClass) v.push({ propertyPath: at(i), message: LEARNING_SKILL_MESSAGES.notInClass });
  });
  if (v.length) throw new ValidationError(v);
  return unique.map((id) => found.get(id)!);
}

/** Places of the class for the students named (places or Students); any other is a violation at its index. */
export async function placesFor(db: DbOrTx, classId: number, refs: RatingStudentRef[], path = 'students') {
  const found = await repo.placesInClass(
    db,
    classId,
    refs.filter((r) => r.kind === 'place').map((r) => r.id),
    refs.filter((r) => r.kind === 'student').map((r) => r.id),
  );
  const byPlace = new Map(found.map((f) => [f.id, f]));
  const byStudent = new Map(found.map((f) => [f.studentId, f]));
  const out = new Map<number, { id: number; studentId: number }>();
  const v: Violation[] = [];
  refs.forEach((r, i) => {
    const place = r.kind === 'place' ? byPlace.get(r.id) : byStudent.get(r.id);
    if (!place)
      v.push({
        propertyPath: refs.length === 1 && path !== 'students' ? path : `${path}.${i}`,
        message: RATING_MESSAGES.studentNotInClass,
      });
    else out.set(place.id, place);
  });
  if (v.length) throw new ValidationError(v);
  return [...out.values()];
}

/** The rating media are attached to, and the ratings a whole-observation write changes. */
export interface AttachTarget {
  ratingId: number | null;
  /** The observation the rating belongs to (after the write). */
  observation: string | undefined;
  /** The ratings of the observation a whole-observation write changes: what one of them carries stays, whoever uploaded it. */
  carriedBy?: number[];
}

/**
 * Media to attach (DESIGN §7: stored once, linked to each rating of the one observation saved with it): the user's
 * own uploads of the rating kinds, attached nowhere yet. One the write's ratings carry already stays, whoever uploaded
 * it, as long as it stays with one observation (a rating sharing it may not move to another). Run inside the write's
 * transaction after `lockMedia`, so two requests cannot attach one media twice by racing.
 */
export async function attachableMedia(db: DbOrTx, p: Principal, ids: number[], to: AttachTarget, path = 'medias') {
  const unique = [...new Set(ids)];
  const rows = new Map((await mediaRepository.findByIds(db, unique)).map((m) => [m.id, m]));
  const ours = new Set([...(to.carriedBy ?? []), ...(to.ratingId === null ? [] : [to.ratingId])]);
  const links = await repo.mediaLinks(db, unique);
  const carried = new Set(links.filter((l) => ours.has(l.ratingId)).map((l) => l.mediaId));
  const elsewhere = (id: number) =>
    links.some((l) => l.mediaId === id && !ours.has(l.ratingId) && (!carried.has(id) || l.observation !== to.observation));
  // Attached to something else than a rating (a message): never to a rating too.
  const other = await attachedMediaIds(
    db,
    unique.filter((id) => !links.some((l) => l.mediaId === id)),
  );
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const at = path === 'medias' ? `${path}.${i}` : path;
    const message = carried.has(id) ? (rows.has(id) ? null : REF.media) : uploadViolation(rows.get(id), p);
    if (message) v.push({ propertyPath: at, message });
    else if (elsewhere(id) || other.has(id)) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaAttached });
  });
  if (v.length) throw new ValidationError(v);
  return unique;
}

/** The rule for a new attachment of a rating's kinds (DESIGN §7, §11): the user's own upload of a photo, video, audio or file. */
function uploadViolation(m: { uploaderId: number | null; mediaType: number } | undefined, p: Principal): string | null {
  if (!m) return REF.media;
  if (m.uploaderId !== p.userId) return RATING_MESSAGES.mediaNotYours;
  if (!isRatingMediaType(m.mediaType)) return RATING_MESSAGES.mediaType;
  return null;
}

/**
 * Media for something other than a rating (a message, DESIGN §11), with a rating's limits and cleaning: the user's own
 * uploads of the rating kinds, attached nowhere yet. Locks them first, inside the write's transaction, so that two
 * requests cannot attach one upload twice.
 */
export async function attachableUploads(tx: DbOrTx, p: Principal, ids: number[], path = 'medias') {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  await repo.lockMedia(tx, unique);
  const rows = new Map((await mediaRepository.findByIds(tx, unique)).map((m) => [m.id, m]));
  const attached = await attachedMediaIds(tx, unique);
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const message = uploadViolation(rows.get(id), p) ?? (attached.has(id) ? RATING_MESSAGES.mediaAttached : null);
    if (message) v.push({ propertyPath: `${path}.${i}`, message });
  });
  if (v.length) throw new ValidationError(v);
  return unique;
}

/** A rating the user may see (404 otherwise). */
export async function visibleRating(db: DbOrTx, p: Principal, id: number): Promise<FullRating> {
  const row = await repo.findVisible(db, id, p.userId);
  if (!row) throw notFound(RATING_NOT_FOUND);
  return row;
}

/** A rating the user may change (403 when they only see it). */
export async function editableRating(db: DbOrTx, p: Principal, id: number, propertyPath?: string): Promise<FullRating> {
  const row = await repo.findVisible(db, id, p.userId);
  if (!row) throw propertyPath ? violation(propertyPath, REF.rating) : notFound(RATING_NOT_FOUND);
  permit(p, 'rating.edit', { role: row.role, ownerId: row.rating.creatorId });
  return row;
}

/** Checks and attaches media under their row locks; one already linked to this rating is left as it is. */
export async function attach(tx: DbOrTx, p: Principal, mediaIds: number[], to: AttachTarget & { ratingId: number }, path = 'medias') {
  if (!mediaIds.length) return [];
  await repo.lockMedia(tx, mediaIds);
  await attachableMedia(tx, p, mediaIds, to, path);
  return repo.attach(tx, to.ratingId, mediaIds);
}
