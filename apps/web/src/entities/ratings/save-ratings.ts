import { API_AUTH_PREFIX, type Rating } from '@skillroom/contract';
import type { Attachment } from './use-attachments';
import { createRating, deleteRating } from './ratings-api';

export const placeIri = (id: number) => `${API_AUTH_PREFIX}/teaching-class-student/${id}`;

export interface NewRatings {
  classId: number;
  skillId: number;
  actionIds: number[];
  /** Places; none for the whole class. */
  studentIds: number[];
  date: string;
  points: number;
  description: string;
  attachments: Attachment[];
}

/** What a save did: the ratings the server made, or (offline) the outbox item that waits to send them. */
export interface SavedObservation {
  observation: string;
  ratings: Rating[];
  /** Set when the save waits on this device (DESIGN §7 offline outbox); `ratings` is then empty. */
  queuedId?: string;
}

/**
 * One rating per chosen action (DESIGN §3), all sharing one observation (DESIGN §7): the uploads are stored once and
 * linked to each rating, so the feed shows one card and deleting one rating leaves the others' files in place.
 */
export async function createRatings(n: NewRatings): Promise<SavedObservation> {
  const observation = crypto.randomUUID();
  const medias = n.attachments.filter((a) => a.status === 'done' && a.media).map((a) => a.media!.id);
  const ratings: Rating[] = [];
  for (const actionId of n.actionIds) {
    ratings.push(
      await createRating({
        teachingClass: n.classId,
        learningSkill: n.skillId,
        learningAction: actionId,
        students: n.studentIds.map(placeIri),
        date: n.date,
        points: n.points,
        description: n.description,
        medias,
        observation,
      }),
    );
  }
  return { observation, ratings };
}

/** Undo of a save (the toast's "Undo"): deletes what was sent, or drops what still waits. */
export async function undoRatings(saved: SavedObservation): Promise<void> {
  for (const r of saved.ratings) await deleteRating(r.id);
}
