import {
  API_AUTH_PREFIX,
  API_PUBLIC_PREFIX,
  hydraCollectionSchema,
  schoolCreateBody,
  schoolSchema,
  schoolSearchQuery,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import type { ApiScope, ModuleRoutes } from '../types';
import { presentSchool } from './schools.presenter';
import { schoolsRepository } from './schools.repository';
import { schoolsService } from './schools.service';
import { idParams, listQuerystring } from '../../http/route-schema';

/** Schools by name: sign-up lists them to anyone, so signed-in users see the same list (the product's client asks both). */
function searchRoute(app: ApiScope, db: Db, prefix: string, summary: string) {
  app.get(
    '/schools',
    { schema: { summary, querystring: listQuerystring(schoolSearchQuery), response: { 200: hydraCollectionSchema(schoolSchema) } } },
    async (req) => {
      const { query: q, links } = req.query;
      const { rows, total } = await schoolsRepository.search(db, q.name, q.itemsPerPage, offsetOf(q));
      return collection(`${prefix}/schools`, rows.map(presentSchool), total, q, links);
    },
  );
}

export const schoolsRoutes: ModuleRoutes = {
  name: 'schools',
  public: (app, { db }) => {
    searchRoute(app, db, API_PUBLIC_PREFIX, 'Find schools by name');
  },
  auth: (app, { db }) => {
    searchRoute(app, db, API_AUTH_PREFIX, 'Find schools by name (the list sign-up shows)');
    app.get(
      '/school/:id',
      { schema: { summary: 'A school with its number of teachers', params: idParams, response: { 200: schoolSchema } } },
      async (req) => {
        const row = await schoolsService.get(db, req.params.id);
        return item(presentSchool(row));
      },
    );
    app.post(
      '/school',
      {
        schema: {
          summary: 'Create a school (or answer the one of that name)',
          body: schoolCreateBody,
          response: { 201: schoolSchema },
        },
      },
      async (req, reply) => {
        const id = await schoolsService.findOrCreate(db, req.body.name);
        const row = await schoolsService.get(db, id);
        return reply.status(201).send(item(presentSchool(row)));
      },
    );
  },
};
