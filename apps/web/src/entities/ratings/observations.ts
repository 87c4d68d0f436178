import { type Rating, type TeachingClass } from '@skillroom/contract';
import { api, withQuery } from '../../lib/api-client';
import { isoDay } from '../../lib/dates';
import { createRating, deleteRating, patchRating } from './ratings-api';
import { placeIri } from './save-ratings';

/**
 * The feed's cards (DESIGN §7 "one observation"): consecutive ratings that share `observation` make one card. The
 * feed is newest first and a save's ratings are made together, so they sit side by side, across page ends too.
 */
export function groupObservations(ratings: Rating[]): Rating[][] {
  const groups: Rating[][] = [];
  for (const r of ratings) {
    const last = groups.at(-1);
    if (last && r.observation && last[0]!.observation === r.observation) last.push(r);
    else groups.push([r]);
  }
  return groups;
}

/** An observation's attachments, each file once (every rating of it links the same media). */
export function observationMedias(group: Rating[]) {
  const seen = new Set<number>();
  return group.flatMap((r) => r.medias.map((m) => m.media)).filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}

/** The ratings of one observation (the API's `observation` filter), the one asked for included whatever the answer. */
export async function loadObservation(rating: Rating, classId: number): Promise<Rating[]> {
  const query = { 'teachingClass.id': classId, observation: rating.observation, itemsPerPage: 1000 };
  const list = await api<{ 'hydra:member': Rating[] }>(withQuery('/ratings', query));
  const same = list['hydra:member'].filter((r) => r.observation === rating.observation);
  return same.some((r) => r.id === rating.id) ? same : [rating];
}

export interface ObservationChange {
  skillId: number;
  actionIds: number[];
  studentIds: number[];
  date: string;
  points: number;
  description: string;
  mediaIds: number[];
}

/**
 * Applies the editor to every rating of an observation: kept actions are changed first (a refused date or student
 * stops the save before anything is made), new ones become ratings of the same observation, and dropped ones are
 * deleted last, so that a shared file always has a rating holding it.
 */
export async function saveObservation(group: Rating[], classId: number, next: ObservationChange): Promise<string> {
  const observation = group[0]!.observation;
  const common = {
    date: next.date,
    points: next.points,
    description: next.description,
    students: next.studentIds.map(placeIri),
    medias: next.mediaIds,
  };
  const had = new Set(group.map((r) => r.learningAction.id));
  for (const r of group.filter((r) => next.actionIds.includes(r.learningAction.id))) await patchRating(r.id, common);
  for (const actionId of next.actionIds.filter((a) => !had.has(a)))
    await createRating({ ...common, teachingClass: classId, learningSkill: next.skillId, learningAction: actionId, observation });
  for (const r of group.filter((r) => !next.actionIds.includes(r.learningAction.id))) await deleteRating(r.id);
  return observation;
}

/** Deletes a whole observation (its files go with its last rating). */
export async function deleteObservation(group: Rating[]) {
  for (const r of group) await deleteRating(r.id);
}

/** The days a rating of the class may have (DESIGN §7): within its dates and not after today. */
export function ratingDays(cls: Pick<TeachingClass, 'start' | 'end'>) {
  const today = isoDay();
  const end = cls.end.slice(0, 10);
  return { min: cls.start.slice(0, 10), max: end < today ? end : today };
}
