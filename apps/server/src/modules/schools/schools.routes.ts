import type { FastifyRequest } from 'fastify';
import { schoolCreateBody, schoolSearchQuery, API_AUTH_PREFIX, API_PUBLIC_PREFIX } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { readListQuery } from '../../http/list-query';
import { collection, item, offsetOf } from '../../http/hydra';
import { idParam, parse } from '../../http/validate';
import type { ModuleRoutes } from '../types';
import { presentSchool } from './schools.presenter';
import { schoolsRepository } from './schools.repository';
import { schoolsService } from './schools.service';

/** Schools by name: sign-up lists them to anyone, so signed-in users see the same list (the product's client asks both). */
const search = (db: Db, prefix: string) => async (req: FastifyRequest) => {
  const { query: q, links } = readListQuery(req.query as Record<string, unknown>, schoolSearchQuery);
  const { rows, total } = await schoolsRepository.search(db, q.name, q.itemsPerPage, offsetOf(q));
  return collection(`${prefix}/schools`, rows.map(presentSchool), total, q, links);
};

export const schoolsRoutes: ModuleRoutes = {
  name: 'schools',
  public: (app, { db }) => {
    app.get('/schools', { config: { doc: { summary: 'Find schools by name', query: schoolSearchQuery } } }, search(db, API_PUBLIC_PREFIX));
  },
  auth: (app, { db }) => {
    app.get(
      '/schools',
      { config: { doc: { summary: 'Find schools by name (the list sign-up shows)', query: schoolSearchQuery } } },
      search(db, API_AUTH_PREFIX),
    );
    app.get('/school/:id', { config: { doc: { summary: 'A school with its number of teachers' } } }, async (req) => {
      const row = await schoolsService.get(db, idParam((req.params as { id: string }).id));
      return item(presentSchool(row));
    });
    app.post('/school', { config: { doc: { summary: 'Create a school (or answer the one of that name)', body: schoolCreateBody } } }, async (req, reply) => {
      const body = parse(schoolCreateBody, req.body);
      const id = await schoolsService.findOrCreate(db, body.name);
      const row = await schoolsService.get(db, id);
      return reply.status(201).send(item(presentSchool(row)));
    });
  },
};
