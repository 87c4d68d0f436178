import { teacherInvitationListQuery, teachingClassTeacherInvitationSchema } from '@skillroom/contract';
import { invitationRoutes } from '../invitation-routes';
import type { ModuleRoutes } from '../types';
import { presentTeacherInvitation } from './teacher-invitations.presenter';
import { teacherInvitationsService as service } from './teacher-invitations.service';

export const teacherInvitationsRoutes: ModuleRoutes = {
  name: 'teacher-invitations',
  auth: (app, ctx) =>
    invitationRoutes(app, ctx, {
      paths: { list: 'teaching-class-teacher-invitations', one: 'teaching-class-teacher-invitation' },
      query: teacherInvitationListQuery,
      schema: teachingClassTeacherInvitationSchema,
      service: { ...service, request: service.create },
      present: presentTeacherInvitation,
      summaries: {
        list: "Requests to join a class: the user's own, and those for the classes they teach",
        one: 'A request to join a class',
        create: 'Ask to join the class of an invitation code as a co-teacher',
        accept: 'Accept a request to join (class creator): the requester becomes a co-teacher',
        reject: 'Reject a request to join (class creator)',
      },
    }),
};
