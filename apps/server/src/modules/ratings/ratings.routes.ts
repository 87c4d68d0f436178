import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  ratingCreateBody,
  ratingLinkListQuery,
  ratingListQuery,
  ratingMediaCreateBody,
  ratingPatchBody,
  ratingStudentCreateBody,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { versionedAnswer } from '../../http/versioned-answer';
import { VersionedCache } from '../../lib/versioned-cache';
import { idParam, parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import { requireUser, type Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { ratingLinksService as links } from './rating-links.service';
import { presentRating, presentRatingMedia, presentRatingStudent } from './ratings.presenter';
import { ratingsRepository as repo } from './ratings.repository';
import { canEditRating, ratingsService as service } from './ratings.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);
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
      { config: { doc: { summary: 'Ratings you may see, newest first', query: ratingListQuery } } },
      async (req, reply) => {
        const p = requireUser(req);
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, ratingListQuery);
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
    app.get('/rating/:id', { config: { doc: { summary: 'A rating' } } }, async (req) => {
      const p = requireUser(req);
      const answer = await one(db, urlSigner, p, idOf(req));
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
        config: {
          doc: { summary: 'Rate one action for students of a class, or the whole class (teachers and evaluators)', body: ratingCreateBody },
        },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.create(db, p, parse(ratingCreateBody, req.body));
        return reply.status(201).send(await one(db, urlSigner, p, id));
      },
    );
    app.patch(
      '/rating/:id',
      { config: { doc: { summary: "Change a rating (the class's creator, or its author)", body: ratingPatchBody } } },
      async (req) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.patch(db, p, files, id, parse(ratingPatchBody, req.body));
        return one(db, urlSigner, p, id);
      },
    );
    app.delete(
      '/rating/:id',
      { config: { doc: { summary: 'Delete a rating; its media files go unless another rating of its observation links them' } } },
      async (req, reply) => {
        await service.remove(db, requireUser(req), files, idOf(req));
        return reply.status(204).send();
      },
    );

    app.get(
      '/rating-students',
      { config: { doc: { summary: 'Students named by ratings you may see', query: ratingLinkListQuery } } },
      async (req) => {
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, ratingLinkListQuery);
        const { rows, total } = await links.listStudents(db, requireUser(req), q['rating.id'], undefined, q.itemsPerPage, offsetOf(q));
        return collection(path('rating-students'), rows.map(presentRatingStudent), total, q, filters);
      },
    );
    app.get('/rating-student/:id', { config: { doc: { summary: 'A student named by a rating' } } }, async (req) =>
      item(presentRatingStudent(await links.getStudent(db, requireUser(req), idOf(req)))),
    );
    app.post(
      '/rating-student',
      { config: { doc: { summary: 'Name one more student in a rating (a Student or their place)', body: ratingStudentCreateBody } } },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await links.addStudent(db, p, parse(ratingStudentCreateBody, req.body));
        return reply.status(201).send(item(presentRatingStudent(await links.getStudent(db, p, id))));
      },
    );
    app.delete('/rating-student/:id', { config: { doc: { summary: 'Stop naming a student in a rating' } } }, async (req, reply) => {
      await links.removeStudent(db, requireUser(req), idOf(req));
      return reply.status(204).send();
    });

    app.get(
      '/rating-medias',
      { config: { doc: { summary: 'Attachments of ratings you may see', query: ratingLinkListQuery } } },
      async (req) => {
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, ratingLinkListQuery);
        const { rows, total } = await links.listMedias(db, requireUser(req), q['rating.id'], undefined, q.itemsPerPage, offsetOf(q));
        return collection(
          path('rating-medias'),
          rows.map((r) => presentRatingMedia(r, urlSigner)),
          total,
          q,
          filters,
        );
      },
    );
    app.get('/rating-media/:id', { config: { doc: { summary: 'An attachment of a rating' } } }, async (req) =>
      item(presentRatingMedia(await links.getMedia(db, requireUser(req), idOf(req)), urlSigner)),
    );
    app.post(
      '/rating-media',
      {
        config: {
          doc: {
            summary: 'Attach your upload (photo, video, audio or file) to a rating, or one of its observation',
            body: ratingMediaCreateBody,
          },
        },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await links.addMedia(db, p, parse(ratingMediaCreateBody, req.body));
        return reply.status(201).send(item(presentRatingMedia(await links.getMedia(db, p, id), urlSigner)));
      },
    );
    app.delete(
      '/rating-media/:id',
      { config: { doc: { summary: 'Detach an attachment; its file goes with the last rating that links it' } } },
      async (req, reply) => {
        await links.removeMedia(db, requireUser(req), files, idOf(req));
        return reply.status(204).send();
      },
    );
  },
};
