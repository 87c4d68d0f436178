import { API_AUTH_PREFIX, hydraCollectionSchema, studentListQuery, studentSchema } from '@skillroom/contract';
import { collection, item } from '../../http/hydra';

import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentStudent } from './students.presenter';
import { studentsService } from './students.service';
import { idParams, listQuerystring } from '../../http/route-schema';

export const studentsRoutes: ModuleRoutes = {
  name: 'students',
  auth: (app, { db, urlSigner }) => {
    app.get(
      '/students',
      {
        schema: {
          summary: 'Students the user may see (their classes’, and those linked to them)',
          querystring: listQuerystring(studentListQuery),
          response: { 200: hydraCollectionSchema(studentSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await studentsService.list(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/students`,
          rows.map((r) => presentStudent(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get(
      '/student/:id',
      { schema: { summary: 'A student (the person, across classes)', params: idParams, response: { 200: studentSchema } } },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        const answer = item(presentStudent(await studentsService.get(db, p, id), urlSigner));
        recordReads(db, { userId: p.userId, action: 'record', detail: 'student', address: req.ip, subject: { studentIds: [id] } });
        return answer;
      },
    );
  },
};
