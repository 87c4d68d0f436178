import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  selfAssessmentCreateBody,
  selfAssessmentListQuery,
  selfAssessmentSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection } from '../../http/hydra';
import { idParams, listQuerystring } from '../../http/route-schema';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordReads } from '../../records/access-log';
import { readerTexts } from '../learning-skills/learning-skills.service';
import type { ModuleRoutes } from '../types';
import { mediaByOwner, presentSelfAssessment } from './self-assessments.presenter';
import type { FullSelfAssessment } from './self-assessments.repository';
import { selfAssessmentsService as service } from './self-assessments.service';

async function present(db: Db, p: Principal, signer: UrlSigner, rows: FullSelfAssessment[]) {
  const [medias, t] = await Promise.all([
    service.medias(
      db,
      rows.map((r) => r.sa.id),
    ),
    readerTexts(db, p),
  ]);
  const by = mediaByOwner(medias);
  return rows.map((r) => presentSelfAssessment(r, by.get(r.sa.id) ?? [], signer, t));
}

/** A read of the child's self-assessments is in the access log when a linked user or an evaluator reads it (DESIGN §6). */
function logReads(db: Db, p: Principal, address: string, rows: FullSelfAssessment[]) {
  const placeIds = [...new Set(rows.map((r) => r.sa.teachingClassStudentId))];
  recordReads(db, { userId: p.userId, action: 'record', detail: 'self-assessments', address, subject: { placeIds } });
}

/** DESIGN §12 "Self-assessment": a student rates themself on the class's skills; the class and the family read it. */
export const selfAssessmentsRoutes: ModuleRoutes = {
  name: 'self-assessments',
  auth: (app, { db, urlSigner }) => {
    app.get(
      '/self-assessments',
      {
        schema: {
          summary: "A child's self-assessments, newest first (the class's members, the student themself and their family)",
          querystring: listQuerystring(selfAssessmentListQuery),
          response: { 200: hydraCollectionSchema(selfAssessmentSchema) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        const { rows, total } = await service.list(db, req.principal, q);
        logReads(db, req.principal, req.ip, rows);
        return collection(`${API_AUTH_PREFIX}/self-assessments`, await present(db, req.principal, urlSigner, rows), total, q, links);
      },
    );
    app.get(
      '/self-assessment/:id',
      { schema: { summary: 'One self-assessment', params: idParams, response: { 200: selfAssessmentSchema } } },
      async (req) => {
        const row = await service.get(db, req.principal, req.params.id);
        logReads(db, req.principal, req.ip, [row]);
        return (await present(db, req.principal, urlSigner, [row]))[0]!;
      },
    );
    app.post(
      '/self-assessment',
      {
        schema: {
          summary: "Rate yourself on a skill of your class (a student account linked to its own place, while the class's switch is on)",
          body: selfAssessmentCreateBody,
          // 200: the same `clientId` sent again by its student, answered with the one written then.
          response: { 200: selfAssessmentSchema, 201: selfAssessmentSchema },
        },
      },
      async (req, reply) => {
        const { id, made } = await service.create(db, req.principal, req.body);
        const [answer] = await present(db, req.principal, urlSigner, [await service.get(db, req.principal, id)]);
        return reply
          .status(made ? 201 : 200)
          .header('location', answer!['@id'])
          .send(answer!);
      },
    );
  },
};
