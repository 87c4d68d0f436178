import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  noContentSchema,
  teachingClassStudentCopyBody,
  teachingClassStudentCreateBody,
  teachingClassStudentListQuery,
  teachingClassStudentPatchBody,
  teachingClassStudentPutBody,
  teachingClassStudentSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import { listRoute } from '../list-route';
import type { ModuleRoutes } from '../types';
import { teachingClassStudentsPolicy as policy } from './teaching-class-students.policy';
import { presentPlace } from './teaching-class-students.presenter';
import type { PlaceWithAccess } from './teaching-class-students.repository';
import { teachingClassStudentsService as service } from './teaching-class-students.service';
import { idParams } from '../../http/route-schema';

const present = (r: PlaceWithAccess, signer: UrlSigner) => presentPlace(r, signer, policy.canSeeInvitationCode(r));
const one = async (db: Db, signer: UrlSigner, p: Principal, id: number) => item(present(await service.get(db, p, id), signer));

export const teachingClassStudentsRoutes: ModuleRoutes = {
  name: 'teaching-class-students',
  auth: (app, { db, urlSigner, files }) => {
    const path = `${API_AUTH_PREFIX}/teaching-class-students`;
    listRoute(app, 'teaching-class-students', {
      summary: 'Places of students the user may see',
      query: teachingClassStudentListQuery,
      schema: teachingClassStudentSchema,
      list: async (p, q, address) => {
        const page = await service.list(db, p, q);
        // Read one by one (the web's student pages), a place is a read of the child's record as its item route is.
        if (q.id?.length && page.rows.length)
          recordReads(db, {
            userId: p.userId,
            action: 'record',
            detail: 'student',
            address,
            subject: { placeIds: page.rows.map((r) => r.place.id) },
          });
        return page;
      },
      present: (r) => present(r, urlSigner),
    });
    app.get(
      '/teaching-class-student/:id',
      { schema: { summary: "A student's place in a class", params: idParams, response: { 200: teachingClassStudentSchema } } },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        const answer = await one(db, urlSigner, p, id);
        recordReads(db, { userId: p.userId, action: 'record', detail: 'student', address: req.ip, subject: { placeIds: [id] } });
        return answer;
      },
    );
    app.post(
      '/teaching-class-student',
      {
        schema: {
          summary: 'Add a student to a class (creates the Student and the place)',
          body: teachingClassStudentCreateBody,
          response: { 201: teachingClassStudentSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send(await one(db, urlSigner, p, id));
      },
    );
    app.post(
      '/teaching-class-student/copy',
      {
        schema: {
          summary: 'Copy places from other classes into a class, re-using each Student',
          body: teachingClassStudentCopyBody,
          response: { 201: hydraCollectionSchema(teachingClassStudentSchema) },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const rows = await service.copy(db, p, req.body);
        return reply.status(201).send(
          collection(
            path,
            rows.map((r) => present(r, urlSigner)),
            rows.length,
          ),
        );
      },
    );
    app.patch(
      '/teaching-class-student/:id',
      {
        schema: {
          summary: 'Change a place (class teachers)',
          params: idParams,
          body: teachingClassStudentPatchBody,
          response: { 200: teachingClassStudentSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return one(db, urlSigner, req.principal, req.params.id);
      },
    );
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    app.put(
      '/teaching-class-student/:id',
      {
        schema: {
          summary: 'Replace a place: names, code, avatar (class teachers)',
          params: idParams,
          body: teachingClassStudentPutBody,
          response: { 200: teachingClassStudentSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return one(db, urlSigner, req.principal, req.params.id);
      },
    );
    app.post(
      '/teaching-class-student/:id/invitation-code',
      {
        schema: {
          summary: "Give a student's place a new parent-link code (class teachers)",
          params: idParams,
          response: { 200: teachingClassStudentSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.regenerateCode(db, p, id);
        return one(db, urlSigner, p, id);
      },
    );
    app.delete(
      '/teaching-class-student/:id',
      { schema: { summary: 'Remove a student from a class (class teachers)', params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await service.remove(db, files, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
