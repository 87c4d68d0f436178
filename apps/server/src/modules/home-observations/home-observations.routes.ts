import {
  hydraCollectionSchema,
  homeObservationCreateBody,
  homeObservationListQuery,
  homeObservationRejectBody,
  homeObservationSchema,
  API_AUTH_PREFIX,
  noContentSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection } from '../../http/hydra';
import { idParams, listQuerystring } from '../../http/route-schema';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { mediaByObservation, presentHomeObservation } from './home-observations.presenter';
import type { FullHomeObservation } from './home-observations.repository';
import { homeObservationsService as service } from './home-observations.service';

async function present(db: Db, signer: UrlSigner, rows: FullHomeObservation[]) {
  const medias = mediaByObservation(
    await service.medias(
      db,
      rows.map((r) => r.obs.id),
    ),
  );
  return rows.map((r) => presentHomeObservation(r, medias.get(r.obs.id) ?? [], signer));
}

/** A linked user's read of the child's home observations is in the access log (DESIGN §11 "Privacy"). */
function logReads(db: Db, p: Principal, address: string, rows: FullHomeObservation[]) {
  const placeIds = [...new Set(rows.filter((r) => r.linked).map((r) => r.obs.teachingClassStudentId))];
  if (placeIds.length) recordReads(db, { userId: p.userId, action: 'record', detail: 'home-observations', address, subject: { placeIds } });
}

/** DESIGN §11 "Home observations": a family's observation of their child at home, for the class's teachers to answer. */
export const homeObservationsRoutes: ModuleRoutes = {
  name: 'home-observations',
  auth: (app, { db, urlSigner, files }) => {
    app.get(
      '/home-observations',
      {
        schema: {
          summary: 'Home observations you may read: those of the classes you teach, and of the children you are linked to',
          querystring: listQuerystring(homeObservationListQuery),
          response: { 200: hydraCollectionSchema(homeObservationSchema) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        const { rows, total } = await service.list(db, req.principal, q);
        logReads(db, req.principal, req.ip, rows);
        return collection(`${API_AUTH_PREFIX}/home-observations`, await present(db, urlSigner, rows), total, q, links);
      },
    );
    app.get(
      '/home-observation/:id',
      { schema: { summary: 'One home observation', params: idParams, response: { 200: homeObservationSchema } } },
      async (req) => {
        const row = await service.get(db, req.principal, req.params.id);
        logReads(db, req.principal, req.ip, [row]);
        return (await present(db, urlSigner, [row]))[0]!;
      },
    );
    app.post(
      '/home-observation',
      {
        schema: {
          summary: "Add a home observation of your child in a class (the family linked to the child's place)",
          body: homeObservationCreateBody,
          response: { 201: homeObservationSchema },
        },
      },
      async (req, reply) => {
        const id = await service.create(db, req.principal, req.body);
        const [answer] = await present(db, urlSigner, [await service.get(db, req.principal, id)]);
        return reply.status(201).header('location', answer!['@id']).send(answer!);
      },
    );
    app.delete(
      '/home-observation/:id',
      {
        schema: {
          summary: 'Withdraw a home observation you shared that was not approved (its files and unread notices go with it)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.withdraw(db, req.principal, files, req.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/home-observation/:id/approve',
      {
        schema: {
          summary: "Approve a home observation (the class's teachers): it becomes a rating with source home",
          params: idParams,
          response: { 200: homeObservationSchema },
        },
      },
      async (req) => {
        await service.approve(db, req.principal, req.params.id);
        return (await present(db, urlSigner, [await service.get(db, req.principal, req.params.id)]))[0]!;
      },
    );
    app.post(
      '/home-observation/:id/reject',
      {
        schema: {
          summary: "Reject a home observation with a reason (the class's teachers)",
          params: idParams,
          body: homeObservationRejectBody,
          response: { 200: homeObservationSchema },
        },
      },
      async (req) => {
        await service.reject(db, req.principal, req.params.id, req.body.reason);
        return (await present(db, urlSigner, [await service.get(db, req.principal, req.params.id)]))[0]!;
      },
    );
  },
};
