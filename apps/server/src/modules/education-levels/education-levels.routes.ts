import { API_AUTH_PREFIX, educationLevelListQuery } from '@skillroom/contract';
import { collection, offsetOf } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import type { ModuleRoutes } from '../types';
import { presentEducationLevel } from './education-levels.presenter';
import { educationLevelsRepository } from './education-levels.repository';

export const educationLevelsRoutes: ModuleRoutes = {
  name: 'education-levels',
  auth: (app, { db }) => {
    app.get('/education-levels', { config: { doc: { summary: 'Education levels (the client translates translationKey)', query: educationLevelListQuery } } }, async (req) => {
      const { query: q, links } = readListQuery(req.query as Record<string, unknown>, educationLevelListQuery);
      // A handful of rows: paged in memory.
      const rows = await educationLevelsRepository.list(db);
      const page = rows.slice(offsetOf(q), offsetOf(q) + q.itemsPerPage);
      return collection(`${API_AUTH_PREFIX}/education-levels`, page.map(presentEducationLevel), rows.length, q, links);
    });
  },
};
