import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { camelName, EXPORT_CONTENT_TYPE, exportClassQuery, exportStudentQuery, fileAnswerSchema } from '@skillroom/contract';
import { requestSignal } from '../../http/request-signal';
import { heavyWorkOf } from '../../lib/heavy-work';
import { spreadsheetIn } from '../reports/report-spreadsheet-maker';

import { recordAccess } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { sweepExports } from './export-sink';
import { zipStream } from './export-zip';
import { exportService, type ExportPlan } from './export.service';
import { documentedAs, idParams } from '../../http/route-schema';
import { z } from 'zod';

/** Query names read as they come, in either spelling (`teaching_class_id` too); any other is a 400. */
const camelQuery = (q: unknown) =>
  Object.fromEntries(Object.entries((q ?? {}) as Record<string, unknown>).map(([k, v]) => [camelName(k), v]));

/**
 * Sends a prepared export as a stored zip with its exact length. The temporary files go when the answer ends,
 * whether it was sent, failed, or the client went away.
 */
async function send(reply: FastifyReply, plan: ExportPlan, release: () => void) {
  let zip: ReturnType<typeof zipStream>;
  try {
    zip = zipStream(plan.entries, new Date(), requestSignal(reply.request, reply));
  } catch (e) {
    await plan.workspace.remove();
    throw e;
  }
  const { length, body } = zip;
  let cleaned = false;
  const clean = () => {
    if (cleaned) return;
    cleaned = true;
    release();
    if (!body.destroyed) body.destroy();
    void plan.workspace.remove();
  };
  body.once('close', clean);
  reply.raw.once('close', clean);
  return reply
    .type(EXPORT_CONTENT_TYPE)
    .header('content-length', String(length))
    .header(
      'content-disposition',
      `attachment; filename="${plan.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(plan.fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(body);
}

export const exportRoutes: ModuleRoutes = {
  name: 'export',
  auth: (app, { db, files, urlSigner, config, redis }) => {
    const tmpRoot = path.join(config.dataDir, 'tmp', 'exports');
    sweepExports(tmpRoot);
    const deps = { db, files, urlSigner, tmpRoot };
    // An export reads every file of a record: it is heavy work, capped per user (across instances with Redis) and per
    // instance, so a loop of requests cannot pile them up.
    const heavy = heavyWorkOf(app, { config, redis });
    /** The build's deps for one request: its signal, and its workbooks made in the heavy-work pool. */
    const depsOf = (req: FastifyRequest, reply: FastifyReply) => {
      const signal = requestSignal(req, reply);
      return { ...deps, signal, spreadsheet: spreadsheetIn(heavy.pool, signal) };
    };
    const take = (userId: number) =>
      heavy
        .take(userId, 'An export of yours is still being prepared or sent: please wait for it to finish.')
        .then((release) => () => void release());
    // Zips are stored entries of already compressed media: never compressed again (the length would be wrong).
    const exportRoute = <Q extends typeof exportStudentQuery | typeof exportClassQuery>(summary: string, query: Q) => ({
      compress: false as const,
      schema: {
        summary,
        params: idParams,
        querystring: documentedAs(z.preprocess(camelQuery, query), query),
        produces: [EXPORT_CONTENT_TYPE],
        response: { 200: fileAnswerSchema('The zip') },
      },
    });
    /** Records the export (DESIGN §6 access log, buffered: no statement here), then sends it. */
    const deliver = async (reply: FastifyReply, plan: ExportPlan, release: () => void, record: () => void) => {
      record();
      return send(reply, plan, release);
    };

    app.get(
      '/export/student/:id',
      exportRoute(
        "A Student's record as a zip (DESIGN §6): index.html, portfolio.pdf, report.xlsx, ratings.csv/json and media/; teachers and linked family",
        exportStudentQuery,
      ),
      async (req, reply) => {
        const p = req.principal;
        const id = req.params.id;
        const q = req.query;
        const release = await take(p.userId);
        try {
          const plan = await exportService.student(depsOf(req, reply), p, id, q);
          // One entry per class, so that each class's log shows it.
          return await deliver(reply, plan, release, () => {
            for (const classId of plan.classIds) {
              recordAccess(db, {
                userId: p.userId,
                studentIds: plan.studentIds,
                teachingClassId: classId,
                action: 'export',
                detail: null,
                address: req.ip,
              });
            }
          });
        } catch (e) {
          release();
          throw e;
        }
      },
    );

    app.get(
      '/export/class/:id',
      exportRoute(
        "A whole class as a zip: a folder per student, the class report and the class's ratings; the class's teachers",
        exportClassQuery,
      ),
      async (req, reply) => {
        const p = req.principal;
        const id = req.params.id;
        const release = await take(p.userId);
        try {
          const plan = await exportService.teachingClass(depsOf(req, reply), p, id);
          return await deliver(reply, plan, release, () =>
            recordAccess(db, {
              userId: p.userId,
              studentIds: plan.studentIds,
              teachingClassId: id,
              action: 'export',
              detail: `class:${id}`,
              address: req.ip,
            }),
          );
        } catch (e) {
          release();
          throw e;
        }
      },
    );
  },
};
