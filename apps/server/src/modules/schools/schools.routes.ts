import { API_PUBLIC_PREFIX, hydraCollectionSchema, resourceSchema, schoolCreateBody, schoolSearchQuery } from '@skillroom/contract';
import { collection, item, offsetOf } from '../../http/hydra';
import type { ModuleRoutes } from '../types';
import { presentSchool } from './schools.presenter';
import { schoolsRepository } from './schools.repository';
import { schoolsService } from './schools.service';
import { idParams, listQuerystring } from '../../http/route-schema';

export const schoolsRoutes: ModuleRoutes = {
  name: 'schools',
  public: (app, { db }) => {
    app.get(
      '/schools',
      {
        schema: {
          summary: 'Find schools by name',
          querystring: listQuerystring(schoolSearchQuery),
          response: { 200: hydraCollectionSchema(resourceSchema()) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        const { rows, total } = await schoolsRepository.search(db, q.name, q.itemsPerPage, offsetOf(q));
        return collection(`${API_PUBLIC_PREFIX}/schools`, rows.map(presentSchool), total, q, links);
      },
    );
  },
  auth: (app, { db }) => {
    app.get(
      '/school/:id',
      { schema: { summary: 'A school with its number of teachers', params: idParams, response: { 200: resourceSchema() } } },
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
          response: { 201: resourceSchema() },
        },
      },
      async (req, reply) => {
        const body = req.body;
        const id = await schoolsService.findOrCreate(db, body.name);
        const row = await schoolsService.get(db, id);
        return reply.status(201).send(item(presentSchool(row)));
      },
    );
  },
};
