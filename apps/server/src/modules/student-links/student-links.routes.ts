import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  invitationCreateBody,
  studentLinkExtendBody,
  studentProfileInvitationListQuery,
  studentProfileUserListQuery,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentStudentInvitation, presentStudentLink } from './student-links.presenter';
import { studentLinksService as service } from './student-links.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);
const invitation = async (db: Db, signer: UrlSigner, p: Principal, id: number) =>
  item(presentStudentInvitation(await service.getInvitation(db, p, id), signer));

export const studentLinksRoutes: ModuleRoutes = {
  name: 'student-links',
  auth: (app, { db, urlSigner, config }) => {
    const codeLimit = { max: config.authRateLimitPerMinute * 6, timeWindow: '1 minute' };
    app.get(
      '/student-profile-user-invitations',
      {
        config: {
          doc: {
            summary: "Requests to link to a student: the user's own, and those for the classes they teach",
            query: studentProfileInvitationListQuery,
          },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, studentProfileInvitationListQuery);
        const { rows, total } = await service.listInvitations(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/student-profile-user-invitations`,
          rows.map((r) => presentStudentInvitation(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get('/student-profile-user-invitation/:id', { config: { doc: { summary: 'A request to link to a student' } } }, async (req) =>
      invitation(db, urlSigner, req.principal, idOf(req)),
    );
    app.post(
      '/student-profile-user-invitation',
      {
        config: {
          rateLimit: codeLimit,
          doc: { summary: "Ask to link to a student with the code of the student's place", body: invitationCreateBody },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.request(db, p, parse(invitationCreateBody, req.body));
        return reply.status(201).send(await invitation(db, urlSigner, p, id));
      },
    );
    app.post(
      '/student-profile-user-invitation/:id/accept',
      { config: { doc: { summary: 'Accept a request to link (the class teachers): the user is linked to the student' } } },
      async (req) => {
        const p = req.principal;
        const id = idOf(req);
        await service.accept(db, p, id);
        return invitation(db, urlSigner, p, id);
      },
    );
    app.post(
      '/teaching-class/:id/student-profile-user-invitations/accept',
      {
        config: {
          doc: {
            summary:
              "Accept every pending request to link to a student of the class, in one transaction (the class's teachers): " +
              'each requester is linked and notified; answers the requests accepted',
          },
        },
      },
      async (req) => {
        const p = req.principal;
        const classId = idOf(req);
        const rows = await service.invitationsById(db, p, await service.acceptAll(db, p, classId));
        return collection(
          `${API_AUTH_PREFIX}/teaching-class/${classId}/student-profile-user-invitations`,
          rows.map((r) => presentStudentInvitation(r, urlSigner)),
          rows.length,
        );
      },
    );
    app.post(
      '/student-profile-user-invitation/:id/reject',
      { config: { doc: { summary: 'Reject a request to link (the class teachers)' } } },
      async (req) => {
        const p = req.principal;
        const id = idOf(req);
        await service.reject(db, p, id);
        return invitation(db, urlSigner, p, id);
      },
    );

    app.get(
      '/student-profile-users',
      {
        config: {
          doc: {
            summary: "Users linked to students: the user's own links, and those of the students they teach",
            query: studentProfileUserListQuery,
          },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, studentProfileUserListQuery);
        const { rows, total } = await service.listLinks(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/student-profile-users`,
          rows.map((r) => presentStudentLink(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get('/student-profile-user/:id', { config: { doc: { summary: 'A user linked to a student' } } }, async (req) =>
      item(presentStudentLink(await service.getLink(db, req.principal, idOf(req)), urlSigner)),
    );
    app.post(
      '/student-profile-user/:id/extend',
      {
        config: { doc: { summary: 'Link the same user to the same student in another class (its teachers)', body: studentLinkExtendBody } },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.extend(db, p, idOf(req), parse(studentLinkExtendBody, req.body));
        return reply.status(201).send(item(presentStudentLink(await service.getLink(db, p, id), urlSigner)));
      },
    );
    app.delete(
      '/student-profile-user/:id',
      { config: { doc: { summary: "Remove a link: the teachers of the link's class, or the linked user their own" } } },
      async (req, reply) => {
        await service.unlink(db, req.principal, idOf(req));
        return reply.status(204).send();
      },
    );
  },
};
