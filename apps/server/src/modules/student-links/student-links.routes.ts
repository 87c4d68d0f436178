import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  invitationCreateBody,
  noContentSchema,
  studentLinkExtendBody,
  studentProfileInvitationListQuery,
  studentProfileUserInvitationSchema,
  studentProfileUserListQuery,
  studentProfileUserSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentStudentInvitation, presentStudentLink } from './student-links.presenter';
import { studentLinksService as service } from './student-links.service';
import { idParams, listQuerystring } from '../../http/route-schema';

const invitation = async (db: Db, signer: UrlSigner, p: Principal, id: number) =>
  item(presentStudentInvitation(await service.getInvitation(db, p, id), signer));

export const studentLinksRoutes: ModuleRoutes = {
  name: 'student-links',
  auth: (app, { db, urlSigner, config }) => {
    const codeLimit = { max: config.authRateLimitPerMinute * 6, timeWindow: '1 minute' };
    app.get(
      '/student-profile-user-invitations',
      {
        schema: {
          summary: "Requests to link to a student: the user's own, and those for the classes they teach",
          querystring: listQuerystring(studentProfileInvitationListQuery),
          response: { 200: hydraCollectionSchema(studentProfileUserInvitationSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
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
    app.get(
      '/student-profile-user-invitation/:id',
      { schema: { summary: 'A request to link to a student', params: idParams, response: { 200: studentProfileUserInvitationSchema } } },
      async (req) => invitation(db, urlSigner, req.principal, req.params.id),
    );
    app.post(
      '/student-profile-user-invitation',
      {
        schema: {
          summary: "Ask to link to a student with the code of the student's place",
          body: invitationCreateBody,
          response: { 201: studentProfileUserInvitationSchema },
        },
        config: { rateLimit: codeLimit },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.request(db, p, req.body);
        return reply.status(201).send(await invitation(db, urlSigner, p, id));
      },
    );
    app.post(
      '/student-profile-user-invitation/:id/accept',
      {
        schema: {
          summary: 'Accept a request to link (the class teachers): the user is linked to the student',
          params: idParams,
          response: { 200: studentProfileUserInvitationSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.accept(db, p, id);
        return invitation(db, urlSigner, p, id);
      },
    );
    app.post(
      '/teaching-class/:id/student-profile-user-invitations/accept',
      {
        schema: {
          summary:
            "Accept every pending request to link to a student of the class, in one transaction (the class's teachers): " +
            'each requester is linked and notified; answers the requests accepted',
          params: idParams,
          response: { 200: hydraCollectionSchema(studentProfileUserInvitationSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const classId = req.params.id;
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
      { schema: { summary: 'Reject a request to link (the class teachers)', params: idParams, response: { 200: studentProfileUserInvitationSchema } } },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.reject(db, p, id);
        return invitation(db, urlSigner, p, id);
      },
    );

    app.get(
      '/student-profile-users',
      {
        schema: {
          summary: "Users linked to students: the user's own links, and those of the students they teach",
          querystring: listQuerystring(studentProfileUserListQuery),
          response: { 200: hydraCollectionSchema(studentProfileUserSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
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
    app.get(
      '/student-profile-user/:id',
      { schema: { summary: 'A user linked to a student', params: idParams, response: { 200: studentProfileUserSchema } } },
      async (req) => item(presentStudentLink(await service.getLink(db, req.principal, req.params.id), urlSigner)),
    );
    app.post(
      '/student-profile-user/:id/extend',
      {
        schema: {
          summary: 'Link the same user to the same student in another class (its teachers)',
          params: idParams,
          body: studentLinkExtendBody,
          response: { 201: studentProfileUserSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.extend(db, p, req.params.id, req.body);
        return reply.status(201).send(item(presentStudentLink(await service.getLink(db, p, id), urlSigner)));
      },
    );
    app.delete(
      '/student-profile-user/:id',
      {
        schema: {
          summary: "Remove a link: the teachers of the link's class, or the linked user their own",
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.unlink(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
