import { RATING_MESSAGES, type ratingMediaCreateBody, type ratingStudentCreateBody } from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { withErasure } from '../../records/erasure';
import { attach, editableRating, lockClassToRate, placesFor } from './ratings.checks';
import { ratingsRepository as repo } from './ratings.repository';

/** The rating-student and rating-media resources: the same rows as a rating's `students` and `medias` (DESIGN §3). */

const NOT_FOUND = { student: 'Rating student not found.', media: 'Rating media not found.' };

export const ratingLinksService = {
  listStudents: (db: DbOrTx, p: Principal, ratingIds: number[] | undefined, ids: number[] | undefined, limit: number, offset: number) =>
    repo.listStudentLinks(db, { userId: p.userId, ratingIds, ids, limit, offset }),

  async getStudent(db: DbOrTx, p: Principal, id: number) {
    const { rows } = await repo.listStudentLinks(db, { userId: p.userId, ids: [id], limit: 1, offset: 0 });
    if (!rows[0]) throw notFound(NOT_FOUND.student);
    return rows[0];
  },

  async addStudent(db: Db, p: Principal, b: z.output<typeof ratingStudentCreateBody>) {
    const rating = await editableRating(db, p, b.rating, 'rating');
    const [place] = await placesFor(db, rating.rating.teachingClassId, [b.student], 'student');
    const id = await db.transaction(async (tx) => {
      await lockClassToRate(tx, rating.rating.teachingClassId);
      return repo.addStudent(tx, b.rating, rating.rating.date, place!);
    });
    if (id === null) throw violation('student', RATING_MESSAGES.studentAlreadyRated);
    return id;
  },

  /** Removing the last student named makes the rating a whole-class one again, as an empty `students` does. */
  async removeStudent(db: Db, p: Principal, id: number) {
    const link = await ratingLinksService.getStudent(db, p, id);
    const { rating } = await editableRating(db, p, link.ratingId);
    await db.transaction(async (tx) => {
      await lockClassToRate(tx, rating.teachingClassId);
      await repo.removeStudent(tx, link);
    });
  },

  listMedias: (db: DbOrTx, p: Principal, ratingIds: number[] | undefined, ids: number[] | undefined, limit: number, offset: number) =>
    repo.listMediaLinks(db, { userId: p.userId, ratingIds, ids, limit, offset }),

  async getMedia(db: DbOrTx, p: Principal, id: number) {
    const { rows } = await repo.listMediaLinks(db, { userId: p.userId, ids: [id], limit: 1, offset: 0 });
    if (!rows[0]) throw notFound(NOT_FOUND.media);
    return rows[0];
  },

  async addMedia(db: Db, p: Principal, b: z.output<typeof ratingMediaCreateBody>) {
    const { rating } = await editableRating(db, p, b.rating, 'rating');
    const to = { ratingId: rating.id, observation: rating.observation };
    const [id] = await db.transaction(async (tx) => {
      await lockClassToRate(tx, rating.teachingClassId);
      return attach(tx, p, [b.media], to, 'media');
    });
    // Linked to this rating already: nothing new was written.
    if (id === undefined) throw violation('media', RATING_MESSAGES.mediaAttached);
    return id;
  },

  /** Detaches the media; it goes with its files when no other rating of its observation links it. */
  async removeMedia(db: Db, p: Principal, files: FileStore, id: number) {
    const row = await ratingLinksService.getMedia(db, p, id);
    const { rating } = await editableRating(db, p, row.link.ratingId);
    const removed = await withErasure({ db, files }, async (e) => {
      await lockClassToRate(e.tx, rating.teachingClassId);
      return e.ratingMedia(id);
    });
    if (!removed) throw notFound(NOT_FOUND.media);
  },
};
