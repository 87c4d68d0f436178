import type { FastifyRequest } from 'fastify';
import { API_AUTH_PREFIX, classTeacherListQuery, teacherListQuery } from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam } from '../../http/validate';

import type { ModuleRoutes } from '../types';
import { presentClassTeacher, presentTeacher } from './class-teachers.presenter';
import { classTeachersService as service } from './class-teachers.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);

export const classTeachersRoutes: ModuleRoutes = {
  name: 'class-teachers',
  auth: (app, { db, urlSigner }) => {
    app.get('/teaching-class-teachers', { config: { doc: { summary: 'Co-teachers of the classes the user sees', query: classTeacherListQuery } } }, async (req) => {
      const p = req.principal;
      const { query: q, links } = readListQuery(req.query as Record<string, unknown>, classTeacherListQuery);
      const { rows, total } = await service.list(db, p, q);
      return collection(`${API_AUTH_PREFIX}/teaching-class-teachers`, rows.map((r) => presentClassTeacher(r, urlSigner)), total, q, links);
    });
    app.get('/teaching-class-teacher/:id', { config: { doc: { summary: 'A co-teacher of a class' } } }, async (req) => item(presentClassTeacher(await service.get(db, req.principal, idOf(req)), urlSigner)));
    app.delete('/teaching-class-teacher/:id', { config: { doc: { summary: 'Remove a co-teacher (class creator), or leave the class (the co-teacher)' } } }, async (req, reply) => {
      await service.remove(db, req.principal, idOf(req));
      return reply.status(204).send();
    });
    app.get('/teachers', { config: { doc: { summary: 'Teachers the user works with or shares a school with', query: teacherListQuery } } }, async (req) => {
      const p = req.principal;
      const { query: q, links } = readListQuery(req.query as Record<string, unknown>, teacherListQuery);
      const { rows, total } = await service.listTeachers(db, p, q);
      return collection(`${API_AUTH_PREFIX}/teachers`, rows.map((r) => presentTeacher(r, urlSigner)), total, q, links);
    });
    app.get('/teacher/:id', { config: { doc: { summary: 'A teacher (phone only to teachers who share a class)' } } }, async (req) => item(presentTeacher(await service.getTeacher(db, req.principal, idOf(req)), urlSigner)));
  },
};
