import {
  API_AUTH_PREFIX,
  classTeacherListQuery,
  hydraCollectionSchema,
  noContentSchema,
  teacherListQuery,
  teacherSchema,
  teachingClassTeacherSchema,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';

import type { ModuleRoutes } from '../types';
import { presentClassTeacher, presentTeacher } from './class-teachers.presenter';
import { classTeachersService as service } from './class-teachers.service';
import { idParams, listQuerystring } from '../../http/route-schema';

export const classTeachersRoutes: ModuleRoutes = {
  name: 'class-teachers',
  auth: (app, { db, urlSigner }) => {
    app.get(
      '/teaching-class-teachers',
      {
        schema: {
          summary: 'Co-teachers of the classes the user sees',
          querystring: listQuerystring(classTeacherListQuery),
          response: { 200: hydraCollectionSchema(teachingClassTeacherSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await service.list(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/teaching-class-teachers`,
          rows.map((r) => presentClassTeacher(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get(
      '/teaching-class-teacher/:id',
      { schema: { summary: 'A co-teacher of a class', params: idParams, response: { 200: teachingClassTeacherSchema } } },
      async (req) => item(presentClassTeacher(await service.get(db, req.principal, req.params.id), urlSigner)),
    );
    app.delete(
      '/teaching-class-teacher/:id',
      {
        schema: {
          summary: 'Remove a co-teacher (class creator), or leave the class (the co-teacher)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.remove(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/teachers',
      {
        schema: {
          summary: 'Teachers the user works with or shares a school with',
          querystring: listQuerystring(teacherListQuery),
          response: { 200: hydraCollectionSchema(teacherSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await service.listTeachers(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/teachers`,
          rows.map((r) => presentTeacher(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get(
      '/teacher/:id',
      {
        schema: { summary: 'A teacher (phone only to teachers who share a class)', params: idParams, response: { 200: teacherSchema } },
      },
      async (req) => item(presentTeacher(await service.getTeacher(db, req.principal, req.params.id), urlSigner)),
    );
  },
};
