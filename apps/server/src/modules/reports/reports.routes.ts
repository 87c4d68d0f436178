import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { fileAnswerSchema, refToId, type Report, reportQuery, reportSchema } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { requestSignal } from '../../http/request-signal';
import { idParams, namedQuery } from '../../http/route-schema';
import { heavyWorkOf } from '../../lib/heavy-work';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { recordAccess, recordReads, type AccessAction } from '../../records/access-log';
import { usersRepository } from '../users/users.repository';
import type { ModuleRoutes } from '../types';
import { reportClassGrid, reportGrowth } from './report-growth.service';
import { reportFileName } from './report-labels';
import { reportPdfStream } from './report-pdf';
import { portfolioSource } from './report-portfolio.service';
import { spreadsheetIn } from './report-spreadsheet-maker';
import { inReadersOrder, reportsService as service } from './reports.service';

type Subject = 'class' | 'student';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const reportQuerystring = namedQuery(reportQuery);
type Read = { params: { id: number }; query: z.output<typeof reportQuery>; ip: string };

/** A report; a student's is a read of their record, logged whoever reads it (DESIGN §6). */
async function build(db: Db, signer: UrlSigner, p: Principal, subject: Subject, req: Read, action: AccessAction) {
  const { id } = req.params;
  const q = req.query;
  if (subject === 'class') return service.forClass(db, signer, p, id, q);
  const r = await service.forStudent(db, signer, p, id, q);
  const detail = `${r.start}/${r.end}`;
  recordAccess(db, {
    userId: p.userId,
    studentIds: [id],
    teachingClassId: q.teachingClassId ?? null,
    action,
    detail,
    address: req.ip,
  });
  return r;
}

/** The user's preferred language, which the exports are written in. */
async function languageOf(db: Db, p: Principal) {
  return (await usersRepository.findById(db, p.userId))?.user.preferredLanguage ?? 'en';
}

function download(reply: FastifyReply, r: Report, type: string, ext: string, body: Buffer | NodeJS.ReadableStream) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${reportFileName(r, ext)}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export const reportsRoutes: ModuleRoutes = {
  name: 'reports',
  auth: (app, { db, urlSigner, files, config, redis }) => {
    // Workbooks are made in the heavy-work pool; report downloads take no heavy-work slot (a teacher may fetch the PDF
    // and the workbook at once), the pool's queue bounds them.
    const { pool } = heavyWorkOf(app, { config, redis });
    for (const subject of ['class', 'student'] as const) {
      const what =
        subject === 'class'
          ? "A class's report (its teachers and evaluators)"
          : "A Student's report over the classes you may see for them (teachingClassId for one)";
      app.get(
        `/report/${subject}/:id`,
        {
          schema: {
            summary: `${what}: totals, skills and actions, students, weeks, recent media`,
            params: idParams,
            querystring: reportQuerystring,
            response: { 200: reportSchema },
          },
        },
        async (req) => build(db, urlSigner, req.principal, subject, req, 'report'),
      );
      app.get(
        `/report/pdf/${subject}/:id`,
        {
          schema: {
            summary: `${what}, as a PDF in your language: summary, charts and the portfolio of every rating with its photos`,
            params: idParams,
            querystring: reportQuerystring,
            produces: ['application/pdf'],
            response: { 200: fileAnswerSchema('The report (PDF)') },
          },
        },
        async (req, reply) => {
          const p = req.principal;
          const locale = await languageOf(db, p);
          const r = inReadersOrder(await build(db, urlSigner, p, subject, req, 'report_pdf'), locale);
          // Streamed as it is made: a class year of portfolios with photos never sits whole in memory. A client that goes
          // away (or a stop) ends the making within a unit (a page of ratings, a student).
          const source = portfolioSource({ db, files, urlSigner }, p.userId);
          const signal = requestSignal(req, reply);
          const grid = await reportClassGrid(db, r);
          // The grid's self-assessments are reads of those children's records, logged for an evaluator (DESIGN §6).
          const placeIds = (grid?.rows ?? [])
            .filter((x) => x.cells.some((c) => c.self))
            .map((x) => refToId(x.person.teachingClassStudent)!);
          recordReads(db, { userId: p.userId, action: 'record', detail: 'self-assessments', address: req.ip, subject: { placeIds } });
          return download(reply, r, 'application/pdf', 'pdf', await reportPdfStream(r, locale, { source, signal, grid }));
        },
      );
      app.get(
        `/report/spreadsheet/${subject}/:id`,
        {
          schema: {
            summary: `${what}, as an xlsx workbook with a sheet per view and one listing every rating, in your language`,
            params: idParams,
            querystring: reportQuerystring,
            produces: [XLSX],
            response: { 200: fileAnswerSchema('The report (xlsx)') },
          },
        },
        async (req, reply) => {
          const p = req.principal;
          const locale = await languageOf(db, p);
          const r = inReadersOrder(await build(db, urlSigner, p, subject, req, 'report_spreadsheet'), locale);
          const [ratings, growth] = await Promise.all([service.ratings(db, r), reportGrowth(db, r)]);
          const sheet = await spreadsheetIn(pool, requestSignal(req, reply))(r, locale, ratings, { growth });
          return download(reply, r, XLSX, 'xlsx', sheet);
        },
      );
    }
  },
};
