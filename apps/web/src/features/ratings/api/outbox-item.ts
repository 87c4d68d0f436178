import type { Rating } from '@skillroom/contract/types';
import { kindOf, type OutboxItemBase, type OutboxName } from '../../../entities/outbox/outbox-types';

export type { OutboxName } from '../../../entities/outbox/outbox-types';

/** One learning action of the save (one rating each on the server). */
export interface OutboxStep {
  actionId: number;
  /** Sent one rating per action before POST /observation; an item saved then and half sent keeps these. */
  key: string;
  rating?: Rating;
}

/**
 * What names a waiting save, taken when it was saved: offline the server cannot be asked, and the class, its students
 * or its skills may have changed or gone by the time the list is read.
 */
export interface OutboxNames {
  className: string;
  /** The rated students' full names; none for the whole class. */
  students: string[];
  skill: OutboxName & { colorCode: string };
  /** One per step, in the steps' order. */
  actions: OutboxName[];
}

/**
 * A teacher's observation that waits on this device (DESIGN §7): the whole observation, and how far its sending went,
 * so that a resend never writes a file or a rating twice.
 */
export interface OutboxItem extends OutboxItemBase {
  /** Saves kept before there were kinds have none. */
  kind?: 'rating';
  classId: number;
  /** Saves kept by versions before `names` carry the class's name alone (or nothing). */
  className?: string;
  names?: OutboxNames;
  skillId: number;
  studentIds: number[];
  date: string;
  points: number;
  description: string;
  observation: string;
  /** The ids of the ratings the server made, once it answered (the answer itself is not kept). */
  ratingIds?: number[];
  steps: OutboxStep[];
}

export const RATING_KIND = 'rating';

/** A rating's save among the outbox's items (those kept before there were kinds are ratings too). */
export const isRatingItem = (i: OutboxItemBase): i is OutboxItem => kindOf(i) === RATING_KIND;
