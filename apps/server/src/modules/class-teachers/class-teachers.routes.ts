import { classTeacherListQuery, noContentSchema, teacherListQuery, teacherSchema, teachingClassTeacherSchema } from '@skillroom/contract';
import { item } from '../../http/hydra';
import { listRoute } from '../list-route';
import type { ModuleRoutes } from '../types';
import { presentClassTeacher, presentTeacher } from './class-teachers.presenter';
import { classTeachersService as service } from './class-teachers.service';
import { idParams } from '../../http/route-schema';

export const classTeachersRoutes: ModuleRoutes = {
  name: 'class-teachers',
  auth: (app, { db, urlSigner }) => {
    listRoute(app, 'teaching-class-teachers', {
      summary: 'Co-teachers of the classes the user sees',
      query: classTeacherListQuery,
      schema: teachingClassTeacherSchema,
      list: (p, q) => service.list(db, p, q),
      present: (r) => presentClassTeacher(r, urlSigner),
    });
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
    listRoute(app, 'teachers', {
      summary: 'Teachers the user works with or shares a school with',
      query: teacherListQuery,
      schema: teacherSchema,
      list: (p, q) => service.listTeachers(db, p, q),
      present: (r) => presentTeacher(r, urlSigner),
    });
    app.get(
      '/teacher/:id',
      {
        schema: { summary: 'A teacher (phone only to teachers who share a class)', params: idParams, response: { 200: teacherSchema } },
      },
      async (req) => item(presentTeacher(await service.getTeacher(db, req.principal, req.params.id), urlSigner)),
    );
  },
};
