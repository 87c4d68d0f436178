import { RATING_MESSAGES, type ratingMediaCreateBody, type ratingStudentCreateBody } from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { withErasure } from '../../records/erasure';
import { attach, attachableMedia, editableRating, placesFor } from './ratings.checks';
import { ratingsRepository as repo } from './ratings.repository';

/** The rating-student and rating-media resources: the same rows as a rating's `students` and `medias` (DESIGN §3). */

const NOT_FOUND = { student: 'Rating student not found.', media: 'Rating media not found.' };

export const ratingLinksService = {
  listStudents: (db: DbOrTx, p: Principal, ratingIds: number[] | undefined, ids: number[] | undefined, limit: number, offset: number) =>
    repo.listStudentLinks(db, p.userId, ratingIds, ids, limit, offset),

  async getStudent(db: DbOrTx, p: Principal, id: number) {
    const { rows } = await repo.listStudentLinks(db, p.userId, undefined, [id], 1, 0);
    if (!rows[0]) throw notFound(NOT_FOUND.student);
    return rows[0];
  },

  async addStudent(db: Db, p: Principal, b: z.output<typeof ratingStudentCreateBody>) {
    const rating = await editableRating(db, p, b.rating, 'rating');
    const [place] = await placesFor(db, rating.rating.teachingClassId, [b.student], 'student');
    const id = await db.transaction((tx) => repo.addStudent(tx, b.rating, rating.rating.date, place!));
    if (id === null) throw violation('student', RATING_MESSAGES.studentAlreadyRated);
    return id;
  },

  /** Removing the last student named makes the rating a whole-class one again, as an empty `students` does. */
  async removeStudent(db: Db, p: Principal, id: number) {
    const link = await ratingLinksService.getStudent(db, p, id);
    await editableRating(db, p, link.ratingId);
    await db.transaction((tx) => repo.removeStudent(tx, link));
  },

  listMedias: (db: DbOrTx, p: Principal, ratingIds: number[] | undefined, ids: number[] | undefined, limit: number, offset: number) =>
    repo.listMediaLinks(db, p.userId, ratingIds, ids, limit, offset),

  async getMedia(db: DbOrTx, p: Principal, id: number) {
    const { rows } = await repo.listMediaLinks(db, p.userId, undefined, [id], 1, 0);
    if (!rows[0]) throw notFound(NOT_FOUND.media);
    return rows[0];
  },

  async addMedia(db: Db, p: Principal, b: z.output<typeof ratingMediaCreateBody>) {
    await editableRating(db, p, b.rating, 'rating');
    await attachableMedia(db, p, [b.media], null, 'media');
    const [id] = await attach(db, b.rating, [b.media], 'media');
    return id!;
  },

  /** Detaches and deletes the media with its files. */
  async removeMedia(db: Db, p: Principal, files: FileStore, id: number) {
    const row = await ratingLinksService.getMedia(db, p, id);
    await editableRating(db, p, row.link.ratingId);
    if (!(await withErasure({ db, files }, (e) => e.ratingMedia(id)))) throw notFound(NOT_FOUND.media);
  },
};
