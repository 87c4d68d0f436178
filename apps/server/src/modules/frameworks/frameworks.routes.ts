import { frameworkAdoptBody, frameworkAdoptionSchema, frameworkListQuery, frameworkSchema } from '@skillroom/contract';
import { item } from '../../http/hydra';
import { idParams } from '../../http/route-schema';
import { listRoute } from '../list-route';
import { readerTexts } from '../learning-skills/learning-skills.service';
import type { ModuleRoutes } from '../types';
import { presentAdoption, presentFramework } from './frameworks.presenter';
import { frameworksService as service } from './frameworks.service';

export const frameworksRoutes: ModuleRoutes = {
  name: 'frameworks',
  auth: (app, { db, urlSigner }) => {
    listRoute(app, 'frameworks', {
      summary: 'Skill sets a class adopts in one step (DESIGN §12), with their skills, actions and stages',
      query: frameworkListQuery,
      schema: frameworkSchema,
      list: async (p) => {
        const t = await readerTexts(db, p);
        const rows = (await service.list(db, p)).map((f) => ({ f, t }));
        return { rows, total: rows.length };
      },
      present: ({ f, t }) => presentFramework(f, urlSigner, t),
    });
    app.post(
      '/teaching-class/:id/framework',
      {
        schema: {
          summary: "Adopt a framework: its skills join the class's, none twice (who may edit the class)",
          params: idParams,
          body: frameworkAdoptBody,
          response: { 200: frameworkAdoptionSchema },
        },
      },
      async (req) => {
        const added = await service.adopt(db, req.principal, req.params.id, req.body.framework);
        return item(presentAdoption(req.body.framework, req.params.id, added));
      },
    );
  },
};
