import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  teachingClassStudentCopyBody,
  teachingClassStudentCreateBody,
  teachingClassStudentListQuery,
  teachingClassStudentPatchBody,
  teachingClassStudentPutBody,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import { requireUser, type Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { teachingClassStudentsPolicy as policy } from './teaching-class-students.policy';
import { presentPlace } from './teaching-class-students.presenter';
import type { PlaceWithAccess } from './teaching-class-students.repository';
import { teachingClassStudentsService as service } from './teaching-class-students.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);
const present = (r: PlaceWithAccess, signer: UrlSigner) => presentPlace(r, signer, policy.canSeeInvitationCode(r));
const one = async (db: Db, signer: UrlSigner, p: Principal, id: number) => item(present(await service.get(db, p, id), signer));

export const teachingClassStudentsRoutes: ModuleRoutes = {
  name: 'teaching-class-students',
  auth: (app, { db, urlSigner, files }) => {
    const path = `${API_AUTH_PREFIX}/teaching-class-students`;
    app.get(
      '/teaching-class-students',
      { config: { doc: { summary: 'Places of students the user may see', query: teachingClassStudentListQuery } } },
      async (req) => {
        const p = requireUser(req);
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, teachingClassStudentListQuery);
        const { rows, total } = await service.list(db, p, q);
        return collection(
          path,
          rows.map((r) => present(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get('/teaching-class-student/:id', { config: { doc: { summary: "A student's place in a class" } } }, async (req) => {
      const p = requireUser(req);
      const id = idOf(req);
      const answer = await one(db, urlSigner, p, id);
      recordReads(db, { userId: p.userId, action: 'record', detail: 'student', address: req.ip, subject: { placeIds: [id] } });
      return answer;
    });
    app.post(
      '/teaching-class-student',
      {
        config: { doc: { summary: 'Add a student to a class (creates the Student and the place)', body: teachingClassStudentCreateBody } },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.create(db, p, parse(teachingClassStudentCreateBody, req.body));
        return reply.status(201).send(await one(db, urlSigner, p, id));
      },
    );
    app.post(
      '/teaching-class-student/copy',
      {
        config: {
          doc: { summary: 'Copy places from other classes into a class, re-using each Student', body: teachingClassStudentCopyBody },
        },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const rows = await service.copy(db, p, parse(teachingClassStudentCopyBody, req.body));
        return reply.status(201).send(
          collection(
            path,
            rows.map((r) => present(r, urlSigner)),
            rows.length,
          ),
        );
      },
    );
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    const write = (body: typeof teachingClassStudentPatchBody | typeof teachingClassStudentPutBody) => async (req: FastifyRequest) => {
      const p = requireUser(req);
      const id = idOf(req);
      await service.patch(db, files, p, id, parse(body, req.body));
      return one(db, urlSigner, p, id);
    };
    app.patch(
      '/teaching-class-student/:id',
      { config: { doc: { summary: 'Change a place (class teachers)', body: teachingClassStudentPatchBody } } },
      write(teachingClassStudentPatchBody),
    );
    app.put(
      '/teaching-class-student/:id',
      { config: { doc: { summary: 'Replace a place: names, code, avatar (class teachers)', body: teachingClassStudentPutBody } } },
      write(teachingClassStudentPutBody),
    );
    app.post(
      '/teaching-class-student/:id/invitation-code',
      { config: { doc: { summary: "Give a student's place a new parent-link code (class teachers)" } } },
      async (req) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.regenerateCode(db, p, id);
        return one(db, urlSigner, p, id);
      },
    );
    app.delete(
      '/teaching-class-student/:id',
      { config: { doc: { summary: 'Remove a student from a class (class teachers)' } } },
      async (req, reply) => {
        await service.remove(db, files, requireUser(req), idOf(req));
        return reply.status(204).send();
      },
    );
  },
};
