import { API_AUTH_PREFIX, studentListQuery } from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam } from '../../http/validate';

import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentStudent } from './students.presenter';
import { studentsService } from './students.service';

export const studentsRoutes: ModuleRoutes = {
  name: 'students',
  auth: (app, { db, urlSigner }) => {
    app.get(
      '/students',
      { config: { doc: { summary: 'Students the user may see (their classes’, and those linked to them)', query: studentListQuery } } },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, studentListQuery);
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
    app.get('/student/:id', { config: { doc: { summary: 'A student (the person, across classes)' } } }, async (req) => {
      const p = req.principal;
      const id = idParam((req.params as { id: string }).id);
      const answer = item(presentStudent(await studentsService.get(db, p, id), urlSigner));
      recordReads(db, { userId: p.userId, action: 'record', detail: 'student', address: req.ip, subject: { studentIds: [id] } });
      return answer;
    });
  },
};
