import { OBSERVATION_MESSAGES, noContentSchema, observationCreateBody, observationPatchBody, observationSchema } from '@skillroom/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { documentedAs } from '../../http/route-schema';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentObservation } from './observations.presenter';
import { observationsService as service } from './observations.service';

/**
 * An observation's id is the UUID its ratings share (`rating.observation`). Anything else names nothing: a 404, as a
 * malformed numeric id is for other resources' clients, so the path is read as text and judged by `idOf`.
 */
const observationParams = documentedAs(z.object({ id: z.string() }), z.object({ id: z.uuid() }));
const idOf = (raw: string) => {
  const r = z.uuid().safeParse(raw);
  if (!r.success) throw notFound(OBSERVATION_MESSAGES.notFound);
  return r.data.toLowerCase();
};
const observationAnswer = observationSchema;

async function one(db: Db, signer: UrlSigner, p: Principal, id: string) {
  return presentObservation(id, await service.get(db, p, id), signer, p);
}

export const observationsRoutes: ModuleRoutes = {
  name: 'observations',
  auth: (app, { db, urlSigner, files }) => {
    app.get(
      '/observation/:id',
      {
        schema: { summary: 'The ratings of one observation you may see', params: observationParams, response: { 200: observationAnswer } },
      },
      async (req) => {
        const p = req.principal;
        const answer = await one(db, urlSigner, p, idOf(req.params.id));
        for (const r of answer.ratings)
          recordReads(db, { userId: p.userId, action: 'record', detail: `rating/${r.id}`, address: req.ip, subject: { ratingId: r.id } });
        return answer;
      },
    );
    app.post(
      '/observation',
      {
        schema: {
          summary: 'Rate one observation: a rating per learning action, for students of a class or the whole class, in one write',
          body: observationCreateBody,
          response: { 201: observationAnswer },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, files, req.body);
        const answer = await one(db, urlSigner, p, id);
        return reply.status(201).header('location', answer['@id']).send(answer);
      },
    );
    app.patch(
      '/observation/:id',
      {
        schema: {
          summary: 'Change an observation as a whole (its actions, students, points, date, note, media)',
          params: observationParams,
          body: observationPatchBody,
          response: { 200: observationAnswer },
        },
      },
      async (req) => {
        const id = idOf(req.params.id);
        await service.patch(db, req.principal, files, id, req.body);
        return one(db, urlSigner, req.principal, id);
      },
    );
    app.delete(
      '/observation/:id',
      {
        schema: {
          summary: 'Delete an observation: its ratings, and their media unless another rating links them',
          params: observationParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.remove(db, req.principal, files, idOf(req.params.id));
        return reply.status(204).send();
      },
    );
  },
};
