import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  noContentSchema,
  studentLinkExtendBody,
  studentProfileInvitationListQuery,
  studentProfileUserInvitationSchema,
  studentProfileUserListQuery,
  studentProfileUserSchema,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { invitationRoutes } from '../invitation-routes';
import { listRoute } from '../list-route';
import type { ModuleRoutes } from '../types';
import { presentStudentInvitation, presentStudentLink } from './student-links.presenter';
import { studentLinksService as service } from './student-links.service';
import { idParams } from '../../http/route-schema';

export const studentLinksRoutes: ModuleRoutes = {
  name: 'student-links',
  auth: (app, ctx) => {
    const { db, urlSigner } = ctx;
    invitationRoutes(app, ctx, {
      paths: { list: 'student-profile-user-invitations', one: 'student-profile-user-invitation' },
      query: studentProfileInvitationListQuery,
      schema: studentProfileUserInvitationSchema,
      service: { ...service, list: service.listInvitations, get: service.getInvitation },
      present: presentStudentInvitation,
      summaries: {
        list: "Requests to link to a student: the user's own, and those for the classes they teach",
        one: 'A request to link to a student',
        create: "Ask to link to a student with the code of the student's place",
        accept: 'Accept a request to link (the class teachers): the user is linked to the student',
        reject: 'Reject a request to link (the class teachers)',
      },
    });
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

    listRoute(app, 'student-profile-users', {
      summary: "Users linked to students: the user's own links, and those of the students they teach",
      query: studentProfileUserListQuery,
      schema: studentProfileUserSchema,
      list: (p, q) => service.listLinks(db, p, q),
      present: (r) => presentStudentLink(r, urlSigner),
    });
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
