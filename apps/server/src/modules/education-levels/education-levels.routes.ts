import { API_AUTH_PREFIX, educationLevelListQuery, educationLevelSchema, hydraCollectionSchema } from '@skillroom/contract';
import { collection, offsetOf } from '../../http/hydra';
import type { ModuleRoutes } from '../types';
import { presentEducationLevel } from './education-levels.presenter';
import { educationLevelsRepository } from './education-levels.repository';
import { listQuerystring } from '../../http/route-schema';

export const educationLevelsRoutes: ModuleRoutes = {
  name: 'education-levels',
  auth: (app, { db }) => {
    app.get(
      '/education-levels',
      {
        schema: {
          summary: 'Education levels (the client translates translationKey)',
          querystring: listQuerystring(educationLevelListQuery),
          response: { 200: hydraCollectionSchema(educationLevelSchema) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        // A handful of rows: paged in memory.
        const rows = await educationLevelsRepository.list(db);
        const page = rows.slice(offsetOf(q), offsetOf(q) + q.itemsPerPage);
        return collection(`${API_AUTH_PREFIX}/education-levels`, page.map(presentEducationLevel), rows.length, q, links);
      },
    );
  },
};
