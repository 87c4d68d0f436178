import { invitationCreateBody, type ListQuery, type ListQueryOutput } from '@skillroom/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { item, type PageInfo } from '../http/hydra';
import { idParams } from '../http/route-schema';
import type { UrlSigner } from '../lib/url-signer';
import type { Principal } from '../plugins/auth';
import { listRoute, type Resource } from './list-route';
import type { ApiScope } from './types';

/** What a request module's service answers (its workflow, modules/invitation-workflow.ts, gives all but the list). */
export interface InvitationService<L extends ListQuery, Row> {
  list(db: Db, p: Principal, q: ListQueryOutput<L>): Promise<{ rows: Row[]; total: number }>;
  get(db: Db, p: Principal, id: number): Promise<Row>;
  request(db: Db, p: Principal, body: z.output<typeof invitationCreateBody>): Promise<number>;
  accept(db: Db, p: Principal, id: number): Promise<void>;
  reject(db: Db, p: Principal, id: number): Promise<void>;
}

export interface InvitationRoutes<L extends ListQuery<z.ZodType<PageInfo>>, Row> {
  /** The list's path segment and one request's, e.g. `teaching-class-teacher-invitations` and `…-invitation`. */
  paths: { list: string; one: string };
  query: L;
  /** The contract's schema of one request as answered. */
  schema: z.ZodType;
  service: InvitationService<L, Row>;
  present(row: Row, signer: UrlSigner): Resource;
  /** The document's words for each route: the list, one request, asking with a code, accepting, rejecting. */
  summaries: { list: string; one: string; create: string; accept: string; reject: string };
}

/** A route on one request (`/<request>/:id…`), answering it. */
const onRequest = (summary: string, schema: z.ZodType) => ({ summary, params: idParams, response: { 200: schema } });

/**
 * The routes of one request workflow (a teacher's request to join a class, a family's to link to a student): the
 * list, one request, asking with a code, accept and reject, each answering the request as it now is.
 */

export function invitationRoutes<L extends ListQuery<z.ZodType<PageInfo>>, Row>(
  app: ApiScope,
  { db, urlSigner, config }: AppContext,
  { paths, query, schema, service, present, summaries }: InvitationRoutes<L, Row>,
) {
  const one = async (p: Principal, id: number) => item(present(await service.get(db, p, id), urlSigner));
  // Invitation codes are secrets of a sort: guessing them by requests is slowed down.
  const codeLimit = { max: config.authRateLimitPerMinute * 6, timeWindow: '1 minute' };
  listRoute(app, paths.list, {
    summary: summaries.list,
    query,
    schema,
    list: (p, q) => service.list(db, p, q),
    present: (r) => present(r, urlSigner),
  });
  app.get(`/${paths.one}/:id`, { schema: onRequest(summaries.one, schema) }, async (req) => one(req.principal, req.params.id));
  app.post(
    `/${paths.one}`,
    {
      schema: { summary: summaries.create, body: invitationCreateBody, response: { 201: schema } },
      config: { rateLimit: codeLimit },
    },
    async (req, reply) => {
      const p = req.principal;
      const id = await service.request(db, p, req.body);
      return reply.status(201).send(await one(p, id));
    },
  );
  for (const [answer, summary] of [
    ['accept', summaries.accept],
    ['reject', summaries.reject],
  ] as const) {
    app.post(`/${paths.one}/:id/${answer}`, { schema: onRequest(summary, schema) }, async (req) => {
      const p = req.principal;
      const id = req.params.id;
      await service[answer](db, p, id);
      return one(p, id);
    });
  }
}
