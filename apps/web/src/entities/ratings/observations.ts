import type { Rating, TeachingClass } from '@skillroom/contract/types';
import { api, withQuery } from '../../lib/api-client';
import { isoDay } from '../../lib/dates';
import { placeIri } from './ratings-api';

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

/** What a rating form chose: a skill's actions for some places (none: the whole class) on a day, its points and words. */
export interface RatingChoice {
  skillId: number;
  actionIds: number[];
  studentIds: number[];
  date: string;
  points: number;
  description: string;
}

export interface ObservationChange extends RatingChoice {
  mediaIds: number[];
}

/**
 * Applies the editor to every rating of an observation in one request (PATCH /observation/{id}, one transaction on the
 * server): kept actions are changed, new ones become ratings of the same observation, dropped ones go (and so do
 * ratings of the skill as a whole once actions are chosen).
 */
export async function saveObservation(group: Rating[], _classId: number, next: ObservationChange): Promise<string> {
  const observation = group[0]!.observation;
  await api<void>(`/observation/${observation}`, {
    method: 'PATCH',
    body: {
      learningSkill: next.skillId,
      // None chosen: its ratings of the skill as a whole stay (and move with the skill); the server keeps them.
      ...(next.actionIds.length ? { learningActions: next.actionIds } : {}),
      date: next.date,
      points: next.points,
      description: next.description,
      students: next.studentIds.map(placeIri),
      medias: next.mediaIds,
    },
  });
  return observation;
}

/** Deletes a whole observation in one request (its files go with its ratings unless another rating links them). */
export async function deleteObservation(group: Rating[]) {
  await api<void>(`/observation/${group[0]!.observation}`, { method: 'DELETE' });
}

/** The days a rating of the class may have (DESIGN §7): within its dates and not after today. */
export function ratingDays(cls: Pick<TeachingClass, 'start' | 'end'>) {
  const today = isoDay();
  const end = cls.end.slice(0, 10);
  return { min: cls.start.slice(0, 10), max: end < today ? end : today };
}
