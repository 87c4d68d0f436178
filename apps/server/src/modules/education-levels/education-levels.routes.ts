import { API_AUTH_PREFIX } from '@skillroom/contract';
import { collection } from '../../http/hydra';
import type { ModuleRoutes } from '../types';
import { presentEducationLevel } from './education-levels.presenter';
import { educationLevelsRepository } from './education-levels.repository';

export const educationLevelsRoutes: ModuleRoutes = {
  name: 'education-levels',
  auth: (app, { db }) => {
    app.get('/education-levels', { config: { doc: { summary: 'Education levels (the client translates translationKey)' } } }, async () => {
      const rows = await educationLevelsRepository.list(db);
      return collection(`${API_AUTH_PREFIX}/education-levels`, rows.map(presentEducationLevel), rows.length);
    });
  },
};
