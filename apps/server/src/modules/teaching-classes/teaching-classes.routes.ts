import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  teachingClassCreateBody,
  teachingClassListQuery,
  teachingClassPatchBody,
  teachingClassPutBody,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import { queryValue, readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import { versionedAnswer } from '../../http/versioned-answer';
import { VersionedCache } from '../../lib/versioned-cache';
import type { UrlSigner } from '../../lib/url-signer';
import { requireUser, type Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentClass, presentClassSummary } from './teaching-classes.presenter';
import { teachingClassesService as service } from './teaching-classes.service';

/** Each server's class-answer cache, by database (tests look at its size). */
export const classAnswerCaches = new WeakMap<Db, VersionedCache>();

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);

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
        config: {
          rateLimit: lookupLimit,
          doc: {
            summary: 'Classes the user created, co-teaches or evaluates; or, by invitationCode, one class summary',
            query: teachingClassListQuery,
          },
        },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, teachingClassListQuery);
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
      { config: { doc: { summary: 'A class with its teachers, students and the user’s class role' } } },
      async (req, reply) => {
        const p = requireUser(req);
        const id = idOf(req);
        return cached(req, reply, `detail|${p.userId}|${id}`, {
          version: () => service.detailVersion(database.checks, id),
          compute: () => detail(db, urlSigner, p, id),
        });
      },
    );
    app.post('/teaching-class', { config: { doc: { summary: 'Create a class', body: teachingClassCreateBody } } }, async (req, reply) => {
      const p = requireUser(req);
      const id = await service.create(db, p, parse(teachingClassCreateBody, req.body));
      return reply.status(201).send((await detail(db, urlSigner, p, id)).body);
    });
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    const write = (body: typeof teachingClassPatchBody | typeof teachingClassPutBody) => async (req: FastifyRequest) => {
      const p = requireUser(req);
      const id = idOf(req);
      await service.patch(db, files, p, id, parse(body, req.body));
      return (await detail(db, urlSigner, p, id)).body;
    };
    app.patch(
      '/teaching-class/:id',
      {
        config: {
          doc: { summary: 'Change a class, finish / reopen it, or hand it to a co-teacher (creator only)', body: teachingClassPatchBody },
        },
      },
      write(teachingClassPatchBody),
    );
    app.put(
      '/teaching-class/:id',
      { config: { doc: { summary: "Replace a class's fields of the product's write model (creator only)", body: teachingClassPutBody } } },
      write(teachingClassPutBody),
    );
    app.delete(
      '/teaching-class/:id',
      { config: { doc: { summary: 'Delete a class with its places (creator only)' } } },
      async (req, reply) => {
        await service.remove(db, requireUser(req), idOf(req), files);
        return reply.status(204).send();
      },
    );
    app.post(
      '/teaching-class/:id/invitation-code',
      { config: { doc: { summary: 'Give the class a new invitation code (creator only)' } } },
      async (req) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.regenerateCode(db, p, id);
        return (await detail(db, urlSigner, p, id)).body;
      },
    );
  },
};
