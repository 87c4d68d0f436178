import type { FastifyRequest } from 'fastify';
import { API_AUTH_PREFIX, invitationCreateBody, teacherInvitationListQuery } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentTeacherInvitation } from './teacher-invitations.presenter';
import { teacherInvitationsService as service } from './teacher-invitations.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);
const one = async (db: Db, signer: UrlSigner, p: Principal, id: number) => item(presentTeacherInvitation(await service.get(db, p, id), signer));

export const teacherInvitationsRoutes: ModuleRoutes = {
  name: 'teacher-invitations',
  auth: (app, { db, urlSigner, config }) => {
    const path = `${API_AUTH_PREFIX}/teaching-class-teacher-invitations`;
    // Invitation codes are secrets of a sort: guessing them by requests is slowed down.
    const codeLimit = { max: config.authRateLimitPerMinute * 6, timeWindow: '1 minute' };
    app.get('/teaching-class-teacher-invitations', { config: { doc: { summary: "Requests to join a class: the user's own, and those for the classes they teach", query: teacherInvitationListQuery } } }, async (req) => {
      const p = req.principal;
      const { query: q, links } = readListQuery(req.query as Record<string, unknown>, teacherInvitationListQuery);
      const { rows, total } = await service.list(db, p, q);
      return collection(path, rows.map((r) => presentTeacherInvitation(r, urlSigner)), total, q, links);
    });
    app.get('/teaching-class-teacher-invitation/:id', { config: { doc: { summary: 'A request to join a class' } } }, async (req) => one(db, urlSigner, req.principal, idOf(req)));
    app.post('/teaching-class-teacher-invitation', { config: { rateLimit: codeLimit, doc: { summary: 'Ask to join the class of an invitation code as a co-teacher', body: invitationCreateBody } } }, async (req, reply) => {
      const p = req.principal;
      const id = await service.create(db, p, parse(invitationCreateBody, req.body));
      return reply.status(201).send(await one(db, urlSigner, p, id));
    });
    app.post('/teaching-class-teacher-invitation/:id/accept', { config: { doc: { summary: 'Accept a request to join (class creator): the requester becomes a co-teacher' } } }, async (req) => {
      const p = req.principal;
      const id = idOf(req);
      await service.accept(db, p, id);
      return one(db, urlSigner, p, id);
    });
    app.post('/teaching-class-teacher-invitation/:id/reject', { config: { doc: { summary: 'Reject a request to join (class creator)' } } }, async (req) => {
      const p = req.principal;
      const id = idOf(req);
      await service.reject(db, p, id);
      return one(db, urlSigner, p, id);
    });
  },
};
