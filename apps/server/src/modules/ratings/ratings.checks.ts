import { LEARNING_SKILL_MESSAGES, RATING_MESSAGES, isRatingMediaType, type RatingStudentRef, type Violation } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notFound, ValidationError, violation } from '../../http/errors';
import { permit } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { mediaRepository } from '../media/media.repository';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { ratingsRepository as repo, type FullRating } from './ratings.repository';

/** What a rating's body names, checked against its class before anything is written. */

export const RATING_NOT_FOUND = 'Rating not found.';
const REF = {
  teachingClass: 'This teaching class does not exist.',
  learningAction: 'This learning action does not exist.',
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

/** The action, of a skill the class uses; the skill, when sent too, must be the action's. */
export async function actionForClass(db: DbOrTx, classId: number, actionId: number, skillId?: number) {
  return (await actionsForClass(db, classId, [actionId], skillId, 'learningAction'))[0]!;
}

/**
 * Actions of skills the class uses, checked in one statement; the skill, when sent, must be each action's. A violation
 * names the action's index (`learningActions.1`) when there are several, the property alone for POST /rating's one.
 */
export async function actionsForClass(db: DbOrTx, classId: number, actionIds: number[], skillId?: number, path = 'learningActions') {
  const unique = [...new Set(actionIds)];
  const found = new Map((await repo.actionsInClass(db, classId, unique)).map((a) => [a.id, a]));
  const at = (i: number) => (path === 'learningActions' ? `${path}.${i}` : path);
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const a = found.get(id);
    if (!a) v.push({ propertyPath: at(i), message: REF.learningAction });
    else if (skillId !== undefined && skillId !== a.learningSkillId) {
      if (!v.some((x) => x.propertyPath === 'learningSkill'))
        v.push({ propertyPath: 'learningSkill', message: RATING_MESSAGES.skillMismatch });
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
  const v: Violation[] = [];
  unique.forEach((id, i) => {
    const m = rows.get(id);
    const at = path === 'medias' ? `${path}.${i}` : path;
    if (!m) v.push({ propertyPath: at, message: REF.media });
    else if (!carried.has(id) && m.uploaderId !== p.userId) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaNotYours });
    else if (!carried.has(id) && !isRatingMediaType(m.mediaType)) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaType });
    else if (elsewhere(id)) v.push({ propertyPath: at, message: RATING_MESSAGES.mediaAttached });
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
