import {
  API_AUTH_PREFIX,
  ratingSchema,
  ratingStudentSchema,
  ratingMediaSchema,
  hydraCollectionSchema,
  noContentSchema,
  ratingCreateBody,
  ratingLinkListQuery,
  ratingListQuery,
  ratingMediaCreateBody,
  ratingPatchBody,
  ratingStudentCreateBody,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import { versionedAnswer } from '../../http/versioned-answer';
import { VersionedCache } from '../../lib/versioned-cache';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { ratingLinksService as links } from './rating-links.service';
import { presentRating, presentRatingMedia, presentRatingStudent } from './ratings.presenter';
import { ratingsRepository as repo } from './ratings.repository';
import { canEditRating, ratingsService as service } from './ratings.service';
import { idParams, listQuerystring } from '../../http/route-schema';

const path = (resource: string) => `${API_AUTH_PREFIX}/${resource}`;

async function one(db: Db, signer: UrlSigner, p: Principal, id: number) {
  const row = await service.get(db, p, id);
  return item(presentRating(row, signer, canEditRating(row, p)));
}

export const ratingsRoutes: ModuleRoutes = {
  name: 'ratings',
  auth: (app, { db, database, urlSigner, files }) => {
    // Feeds are read far more often than written: answers are kept per user and query while the ratings version stands.
    const cached = versionedAnswer(new VersionedCache());
    app.get(
      '/ratings',
      {
        schema: {
          summary: 'Ratings you may see, newest first',
          querystring: listQuerystring(ratingListQuery),
          response: { 200: hydraCollectionSchema(ratingSchema) },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const { query: q, links: filters } = req.query;
        // A feed about named students is a read of their record: logged before any cached answer is served.
        const about = q['students.id']
          ? { placeIds: q['students.id'] }
          : q['ratingStudents.student.id']
            ? { studentIds: q['ratingStudents.student.id'] }
            : null;
        if (about) recordReads(db, { userId: p.userId, action: 'record', detail: 'ratings', address: req.ip, subject: about });
        const version = () => repo.version(database.checks, p.userId, q['teachingClass.id']);
        return cached(req, reply, `ratings|${p.userId}|${JSON.stringify(q)}`, {
          version,
          compute: async () => {
            // Read before the data: a write in between makes the answer newer than its version, never older.
            const current = await version();
            const { rows, total } = await service.list(db, p, q);
            return {
              version: current,
              body: collection(
                path('ratings'),
                rows.map((r) => presentRating(r, urlSigner, canEditRating(r, p))),
                total,
                q,
                filters,
              ),
            };
          },
        });
      },
    );
    app.get('/rating/:id', { schema: { summary: 'A rating', params: idParams, response: { 200: ratingSchema } } }, async (req) => {
      const p = req.principal;
      const answer = await one(db, urlSigner, p, req.params.id);
      recordReads(db, {
        userId: p.userId,
        action: 'record',
        detail: `rating/${answer.id}`,
        address: req.ip,
        subject: { ratingId: answer.id },
      });
      return answer;
    });
    app.post(
      '/rating',
      {
        schema: {
          summary: 'Rate one action for students of a class, or the whole class (teachers and evaluators)',
          body: ratingCreateBody,
          response: { 201: ratingSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send(await one(db, urlSigner, p, id));
      },
    );
    app.patch(
      '/rating/:id',
      {
        schema: {
          summary: "Change a rating (the class's creator, or its author)",
          params: idParams,
          body: ratingPatchBody,
          response: { 200: ratingSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.patch(db, p, files, id, req.body);
        return one(db, urlSigner, p, id);
      },
    );
    app.delete(
      '/rating/:id',
      {
        schema: {
          summary: 'Delete a rating; its media files go unless another rating of its observation links them',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.remove(db, req.principal, files, req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/rating-students',
      {
        schema: {
          summary: 'Students named by ratings you may see',
          querystring: listQuerystring(ratingLinkListQuery),
          response: { 200: hydraCollectionSchema(ratingStudentSchema) },
        },
      },
      async (req) => {
        const { query: q, links: filters } = req.query;
        const { rows, total } = await links.listStudents(db, req.principal, q['rating.id'], undefined, q.itemsPerPage, offsetOf(q));
        return collection(path('rating-students'), rows.map(presentRatingStudent), total, q, filters);
      },
    );
    app.get(
      '/rating-student/:id',
      { schema: { summary: 'A student named by a rating', params: idParams, response: { 200: ratingStudentSchema } } },
      async (req) => item(presentRatingStudent(await links.getStudent(db, req.principal, req.params.id))),
    );
    app.post(
      '/rating-student',
      {
        schema: {
          summary: 'Name one more student in a rating (a Student or their place)',
          body: ratingStudentCreateBody,
          response: { 201: ratingStudentSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await links.addStudent(db, p, req.body);
        return reply.status(201).send(item(presentRatingStudent(await links.getStudent(db, p, id))));
      },
    );
    app.delete(
      '/rating-student/:id',
      { schema: { summary: 'Stop naming a student in a rating', params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await links.removeStudent(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/rating-medias',
      {
        schema: {
          summary: 'Attachments of ratings you may see',
          querystring: listQuerystring(ratingLinkListQuery),
          response: { 200: hydraCollectionSchema(ratingMediaSchema) },
        },
      },
      async (req) => {
        const { query: q, links: filters } = req.query;
        const { rows, total } = await links.listMedias(db, req.principal, q['rating.id'], undefined, q.itemsPerPage, offsetOf(q));
        return collection(
          path('rating-medias'),
          rows.map((r) => presentRatingMedia(r, urlSigner)),
          total,
          q,
          filters,
        );
      },
    );
    app.get(
      '/rating-media/:id',
      { schema: { summary: 'An attachment of a rating', params: idParams, response: { 200: ratingMediaSchema } } },
      async (req) => item(presentRatingMedia(await links.getMedia(db, req.principal, req.params.id), urlSigner)),
    );
    app.post(
      '/rating-media',
      {
        schema: {
          summary: 'Attach your upload (photo, video, audio or file) to a rating, or one of its observation',
          body: ratingMediaCreateBody,
          response: { 201: ratingMediaSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await links.addMedia(db, p, req.body);
        return reply.status(201).send(item(presentRatingMedia(await links.getMedia(db, p, id), urlSigner)));
      },
    );
    app.delete(
      '/rating-media/:id',
      {
        schema: {
          summary: 'Detach an attachment; its file goes with the last rating that links it',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await links.removeMedia(db, req.principal, files, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
