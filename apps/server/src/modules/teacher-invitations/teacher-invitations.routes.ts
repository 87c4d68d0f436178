import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  invitationCreateBody,
  teacherInvitationListQuery,
  teachingClassTeacherInvitationSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentTeacherInvitation } from './teacher-invitations.presenter';
import { teacherInvitationsService as service } from './teacher-invitations.service';
import { idParams, listQuerystring } from '../../http/route-schema';

const one = async (db: Db, signer: UrlSigner, p: Principal, id: number) =>
  item(presentTeacherInvitation(await service.get(db, p, id), signer));

export const teacherInvitationsRoutes: ModuleRoutes = {
  name: 'teacher-invitations',
  auth: (app, { db, urlSigner, config }) => {
    const path = `${API_AUTH_PREFIX}/teaching-class-teacher-invitations`;
    // Invitation codes are secrets of a sort: guessing them by requests is slowed down.
    const codeLimit = { max: config.authRateLimitPerMinute * 6, timeWindow: '1 minute' };
    app.get(
      '/teaching-class-teacher-invitations',
      {
        schema: {
          summary: "Requests to join a class: the user's own, and those for the classes they teach",
          querystring: listQuerystring(teacherInvitationListQuery),
          response: { 200: hydraCollectionSchema(teachingClassTeacherInvitationSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await service.list(db, p, q);
        return collection(
          path,
          rows.map((r) => presentTeacherInvitation(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get(
      '/teaching-class-teacher-invitation/:id',
      { schema: { summary: 'A request to join a class', params: idParams, response: { 200: teachingClassTeacherInvitationSchema } } },
      async (req) => one(db, urlSigner, req.principal, req.params.id),
    );
    app.post(
      '/teaching-class-teacher-invitation',
      {
        schema: {
          summary: 'Ask to join the class of an invitation code as a co-teacher',
          body: invitationCreateBody,
          response: { 201: teachingClassTeacherInvitationSchema },
        },
        config: { rateLimit: codeLimit },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send(await one(db, urlSigner, p, id));
      },
    );
    app.post(
      '/teaching-class-teacher-invitation/:id/accept',
      {
        schema: {
          summary: 'Accept a request to join (class creator): the requester becomes a co-teacher',
          params: idParams,
          response: { 200: teachingClassTeacherInvitationSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.accept(db, p, id);
        return one(db, urlSigner, p, id);
      },
    );
    app.post(
      '/teaching-class-teacher-invitation/:id/reject',
      { schema: { summary: 'Reject a request to join (class creator)', params: idParams, response: { 200: teachingClassTeacherInvitationSchema } } },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.reject(db, p, id);
        return one(db, urlSigner, p, id);
      },
    );
  },
};
