import type { FastifyRequest } from 'fastify';
import { OBSERVATION_MESSAGES, observationCreateBody, observationPatchBody } from '@skillroom/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import { requireUser, type Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentObservation } from './observations.presenter';
import { observationsService as service } from './observations.service';

/** An observation's id is the UUID its ratings share (`rating.observation`); anything else names nothing. */
const idOf = (req: FastifyRequest) => {
  const r = z.uuid().safeParse((req.params as { id: string }).id);
  if (!r.success) throw notFound(OBSERVATION_MESSAGES.notFound);
  return r.data.toLowerCase();
};

async function one(db: Db, signer: UrlSigner, p: Principal, id: string) {
  return presentObservation(id, await service.get(db, p, id), signer, p);
}

export const observationsRoutes: ModuleRoutes = {
  name: 'observations',
  auth: (app, { db, urlSigner, files }) => {
    app.get('/observation/:id', { config: { doc: { summary: 'The ratings of one observation you may see' } } }, async (req) => {
      const p = requireUser(req);
      const id = idOf(req);
      const answer = await one(db, urlSigner, p, id);
      for (const r of answer.ratings)
        recordReads(db, { userId: p.userId, action: 'record', detail: `rating/${r.id}`, address: req.ip, subject: { ratingId: r.id } });
      return answer;
    });
    app.post(
      '/observation',
      {
        config: {
          doc: {
            summary: 'Rate one observation: a rating per learning action, for students of a class or the whole class, in one write',
            body: observationCreateBody,
          },
        },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.create(db, p, files, parse(observationCreateBody, req.body));
        const answer = await one(db, urlSigner, p, id);
        return reply.status(201).header('location', answer['@id']).send(answer);
      },
    );
    app.patch(
      '/observation/:id',
      {
        config: {
          doc: {
            summary: 'Change an observation as a whole (its actions, students, points, date, note, media)',
            body: observationPatchBody,
          },
        },
      },
      async (req) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.patch(db, p, files, id, parse(observationPatchBody, req.body));
        return one(db, urlSigner, p, id);
      },
    );
    app.delete(
      '/observation/:id',
      { config: { doc: { summary: 'Delete an observation: its ratings, and their media unless another rating links them' } } },
      async (req, reply) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.remove(db, p, files, id);
        return reply.status(204).send();
      },
    );
  },
};
