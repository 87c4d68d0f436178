import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  noContentSchema,
  ratingCommentCreateBody,
  ratingCommentListQuery,
  ratingCommentPatchBody,
  ratingCommentSchema,
  ratingReactionListQuery,
  ratingReactionSummarySchema,
} from '@skillroom/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import { idParams, listQuerystring } from '../../http/route-schema';
import { notFound } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentRatingComment, presentReactionSummary } from './rating-comments.presenter';
import { ratingCommentsRepository as repo } from './rating-comments.repository';
import { ratingCommentsService as service } from './rating-comments.service';

const path = (resource: string) => `${API_AUTH_PREFIX}/${resource}`;

/** One comment as the reader now sees it (after a write). */
async function one(db: Db, p: Principal, id: number) {
  const found = await repo.findComment(db, id, p.userId);
  const { rows } = found ? await repo.list(db, p.userId, [found.comment.ratingId], 1000, 0) : { rows: [] };
  const row = rows.find((r) => r.comment.id === id);
  if (!row) throw notFound('Rating comment not found.');
  return item(presentRatingComment(row, p.userId));
}

async function summary(db: Db, p: Principal, ratingId: number) {
  const [row] = (await service.summaries(db, p, [ratingId])).rows;
  return item(presentReactionSummary(row!));
}

export const ratingCommentsRoutes: ModuleRoutes = {
  name: 'rating-comments',
  auth: (app, { db, config }) => {
    // Counted per account, as analytics are: a school behind one address must not share one budget.
    const rateLimit = (kind: string) => ({
      max: config.ratingCommentsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `${kind}|${req.signedIn?.userId ?? req.ip}`,
    });
    app.get(
      '/rating-comments',
      {
        schema: {
          summary: "Comments on a rating: its class's teachers see all, a family those of the families of its own child (DESIGN §11)",
          querystring: listQuerystring(ratingCommentListQuery),
          response: { 200: hydraCollectionSchema(ratingCommentSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const ids = q['rating.id'];
        const { rows, total } = await service.list(db, p, ids, q.itemsPerPage, offsetOf(q));
        // Reading the comments on a child's rating is reading the child's record (DESIGN §11 "Privacy").
        for (const ratingId of ids ?? [])
          recordReads(db, {
            userId: p.userId,
            action: 'record',
            detail: `rating/${ratingId}/comments`,
            address: req.ip,
            subject: { ratingId },
          });
        return collection(
          path('rating-comments'),
          rows.map((r) => presentRatingComment(r, p.userId)),
          total,
          q,
          links,
        );
      },
    );
    app.post(
      '/rating-comment',
      {
        schema: {
          summary: "Comment on a rating (its class's teachers, a family of a child it is about); the teachers are told (type 11)",
          body: ratingCommentCreateBody,
          response: { 201: ratingCommentSchema },
        },
        config: { rateLimit: rateLimit('comment') },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send(await one(db, p, id));
      },
    );
    app.patch(
      '/rating-comment/:id',
      {
        schema: {
          summary: 'Hide a comment from families, or show it again (a teacher of the class)',
          params: idParams,
          body: ratingCommentPatchBody,
          response: { 200: ratingCommentSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        await service.setHidden(db, p, req.params.id, req.body.isHidden);
        return one(db, p, req.params.id);
      },
    );
    app.delete(
      '/rating-comment/:id',
      {
        schema: {
          summary: 'Delete a comment (its author, or a teacher of the class)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.remove(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/rating-reactions',
      {
        schema: {
          summary: 'Hearts and comment counts of ratings you may see, as you may see them (the feed asks once per page)',
          querystring: listQuerystring(ratingReactionListQuery),
          response: { 200: hydraCollectionSchema(ratingReactionSummarySchema) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        const { rows, total } = await service.summaries(db, req.principal, q['rating.id'], q.itemsPerPage, offsetOf(q));
        return collection(path('rating-reactions'), rows.map(presentReactionSummary), total, q, links);
      },
    );
    app.post(
      '/rating/:id/reaction',
      {
        schema: {
          summary: 'Give a rating your heart (one per user: again changes nothing)',
          params: idParams,
          response: { 200: ratingReactionSummarySchema },
        },
        config: { rateLimit: rateLimit('reaction') },
      },
      async (req) => {
        await service.react(db, req.principal, req.params.id);
        return summary(db, req.principal, req.params.id);
      },
    );
    app.delete(
      '/rating/:id/reaction',
      { schema: { summary: 'Take your heart back from a rating', params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await service.unreact(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
