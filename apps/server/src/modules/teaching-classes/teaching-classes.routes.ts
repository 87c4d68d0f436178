import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  noContentSchema,
  teachingClassCreateBody,
  teachingClassListQuery,
  teachingClassPatchBody,
  teachingClassPutBody,
  teachingClassSchema,
  teachingClassSummarySchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import { queryValue } from '../../http/list-query';
import { versionedAnswer } from '../../http/versioned-answer';
import { VersionedCache } from '../../lib/versioned-cache';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentClass, presentClassSummary } from './teaching-classes.presenter';
import { teachingClassesService as service } from './teaching-classes.service';
import { idParams, listQuerystring } from '../../http/route-schema';

/** Each server's class-answer cache, by database (tests look at its size). */
export const classAnswerCaches = new WeakMap<Db, VersionedCache>();

async function detail(db: Db, signer: UrlSigner, p: Principal, id: number) {
  const { row, members, version } = await service.detail(db, p, id);
  return { version, body: item(presentClass(row, signer, members)) };
}

export const teachingClassesRoutes: ModuleRoutes = {
  name: 'teaching-classes',
  auth: (app, { db, database, urlSigner, config, files }) => {
    // The dashboard and class screens are read far more than written (SWR refreshes every open tab).
    const cache = new VersionedCache(config.answerCacheMaxBytes);
    classAnswerCaches.set(db, cache);
    const cached = versionedAnswer(cache);
    // Invitation codes are secrets of a sort: guessing them is slowed down; plain listing is not limited.
    const lookupLimit = {
      max: config.authRateLimitPerMinute * 6,
      timeWindow: '1 minute',
      allowList: (req: FastifyRequest) => queryValue(req.query as Record<string, unknown> | undefined, 'invitationCode') === undefined,
    };
    app.get(
      '/teaching-classes',
      {
        schema: {
          summary: 'Classes the user created, co-teaches or evaluates; or, by invitationCode, one class summary',
          querystring: listQuerystring(teachingClassListQuery),
          response: { 200: hydraCollectionSchema(z.union([teachingClassSchema, teachingClassSummarySchema])) },
        },
        config: { rateLimit: lookupLimit },
      },
      async (req, reply) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const path = `${API_AUTH_PREFIX}/teaching-classes`;
        if (q.invitationCode !== undefined) {
          const { rows, total } = await service.lookup(db, p, q.invitationCode, q);
          return collection(
            path,
            rows.map((r) => presentClassSummary(r, urlSigner)),
            total,
            q,
            links,
          );
        }
        return cached(req, reply, `list|${p.userId}|${JSON.stringify(q)}|${JSON.stringify(links)}`, {
          version: () => service.listVersion(database.checks, p),
          compute: async () => {
            const { rows, total, version } = await service.list(db, p, q);
            return {
              version,
              body: collection(
                path,
                rows.map((r) => presentClass(r, urlSigner)),
                total,
                q,
                links,
              ),
            };
          },
        });
      },
    );
    app.get(
      '/teaching-class/:id',
      {
        schema: {
          summary: 'A class with its teachers, students and the user’s class role',
          params: idParams,
          response: { 200: teachingClassSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = req.params.id;
        return cached(req, reply, `detail|${p.userId}|${id}`, {
          version: () => service.detailVersion(database.checks, id),
          compute: () => detail(db, urlSigner, p, id),
        });
      },
    );
    app.post(
      '/teaching-class',
      { schema: { summary: 'Create a class', body: teachingClassCreateBody, response: { 201: teachingClassSchema } } },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send((await detail(db, urlSigner, p, id)).body);
      },
    );
    app.patch(
      '/teaching-class/:id',
      {
        schema: {
          summary: 'Change a class, finish / reopen it, or hand it to a co-teacher (creator only)',
          params: idParams,
          body: teachingClassPatchBody,
          response: { 200: teachingClassSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return (await detail(db, urlSigner, req.principal, req.params.id)).body;
      },
    );
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    app.put(
      '/teaching-class/:id',
      {
        schema: {
          summary: "Replace a class's fields of the product's write model (creator only)",
          params: idParams,
          body: teachingClassPutBody,
          response: { 200: teachingClassSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return (await detail(db, urlSigner, req.principal, req.params.id)).body;
      },
    );
    app.delete(
      '/teaching-class/:id',
      { schema: { summary: 'Delete a class with its places (creator only)', params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await service.remove(db, req.principal, req.params.id, files);
        return reply.status(204).send();
      },
    );
    app.post(
      '/teaching-class/:id/invitation-code',
      {
        schema: {
          summary: 'Give the class a new invitation code (creator only)',
          params: idParams,
          response: { 200: teachingClassSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.regenerateCode(db, p, id);
        return (await detail(db, urlSigner, p, id)).body;
      },
    );
  },
};
