import { API_AUTH_PREFIX, placeErasureSchema } from '@skillroom/contract';
import { item } from '../../http/hydra';
import { idParams } from '../../http/route-schema';
import type { ModuleRoutes } from '../types';
import { teachingClassStudentsService as service } from './teaching-class-students.service';

/** What removing a student would erase, asked by the remove dialog before the teacher confirms (issue 36 §7). */
export const placeErasureRoutes: ModuleRoutes = {
  name: 'place-erasure',
  auth: (app, { db }) => {
    app.get(
      '/teaching-class-student/:id/erasure',
      {
        schema: {
          summary: 'What removing a student from a class erases (ratings naming only them, media, family links) and keeps',
          params: idParams,
          response: { 200: placeErasureSchema },
        },
      },
      async (req) => {
        const id = req.params.id;
        const counts = await service.erasurePreview(db, req.principal, id);
        return item({ '@id': `${API_AUTH_PREFIX}/teaching-class-student/${id}/erasure`, ...counts });
      },
    );
  },
};
