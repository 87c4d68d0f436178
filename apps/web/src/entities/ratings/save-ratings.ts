import { API_AUTH_PREFIX, type Media, type Rating } from '@skillroom/contract';
import { uploadMedia } from '../../lib/media';
import type { Attachment } from './use-attachments';
import { createRating } from './ratings-api';

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

/**
 * One rating per chosen action (DESIGN §3). An upload belongs to one rating only, so the first rating takes the
 * uploads already made and each further one gets its own copy of the same files: every rating keeps its evidence, and
 * deleting one rating never takes another's files with it.
 */
export async function createRatings(n: NewRatings): Promise<Rating[]> {
  const done = n.attachments.filter((a) => a.status === 'done' && a.media);
  const created: Rating[] = [];
  for (const [i, actionId] of n.actionIds.entries()) {
    const medias: Media[] = i === 0 ? done.map((a) => a.media!) : await Promise.all(done.map((a) => (a.file ? uploadMedia(a.file, a.mediaType) : a.media!)));
    created.push(
      await createRating({
        teachingClass: n.classId,
        learningSkill: n.skillId,
        learningAction: actionId,
        students: n.studentIds.map(placeIri),
        date: n.date,
        points: n.points,
        description: n.description,
        medias: medias.map((m) => m.id),
      }),
    );
  }
  return created;
}
