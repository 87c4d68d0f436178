import {
  API_AUTH_PREFIX,
  ROSTER_IMPORT_LIMITS,
  ROSTER_IMPORT_MESSAGES,
  ROSTER_IMPORT_PATH,
  rosterImportFormFields,
  rosterImportPreviewSchema,
  rosterImportResultSchema,
  rosterImportTextBody,
} from '@skillroom/contract';
import { collection } from '../../http/hydra';
import { parse } from '../../http/validate';
import { documentedBody } from '../../http/route-schema';
import { violation } from '../../http/errors';
import { requestSignal } from '../../http/request-signal';
import { heavyWorkOf } from '../../lib/heavy-work';
import { runHeavy } from '../heavy-tasks';
import type { ModuleRoutes } from '../types';
import { readRosterParts } from './roster-multipart';
import { rosterImportService as service } from './roster-import.service';
import { teachingClassStudentsPolicy as policy } from './teaching-class-students.policy';
import { presentPlace, presentRosterRow } from './teaching-class-students.presenter';

export const rosterImportRoutes: ModuleRoutes = {
  name: 'roster-import',
  auth: (app, { db, urlSigner, config, redis }) => {
    const heavy = heavyWorkOf(app, { config, redis });
    app.post(
      ROSTER_IMPORT_PATH,
      {
        // Pasted text of up to maxBytes, JSON-escaped (tabs and quotes double), fits; the service checks the text itself.
        bodyLimit: ROSTER_IMPORT_LIMITS.maxBytes * 3,
        // Pasted text as JSON, or a file as multipart: the handler reads either (a multipart form is no Fastify body).
        schema: {
          summary: 'Import a class list (CSV, xlsx or pasted lines): one row per line with its status; without dryRun, all or nothing',
          body: documentedBody(rosterImportTextBody),
          'x-multipart': { file: 'CSV or xlsx file', teachingClass: 'the class (@id or id)', dryRun: 'true to only read and judge' },
          response: { 200: rosterImportPreviewSchema, 201: rosterImportResultSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const signal = requestSignal(req, reply);
        // Bytes to rows (decoding, CSV, unzipping and reading a workbook) in a worker thread: a hostile file cannot
        // stall the other requests; the class, the judging and the writes stay here.
        const read = (task: { file: Buffer } | { text: string }) => () => runHeavy(heavy.pool, 'roster', task, signal);
        let input;
        if (req.isMultipart()) {
          const parts = await readRosterParts(req);
          const f = parse(rosterImportFormFields, parts.fields);
          const file = parts.file;
          if (!file) throw violation('file', ROSTER_IMPORT_MESSAGES.noFile);
          input = { teachingClass: f.teachingClass, dryRun: f.dryRun, read: read({ file }) };
        } else {
          const b = parse(rosterImportTextBody, req.body);
          input = { teachingClass: b.teachingClass, dryRun: b.dryRun, read: read({ text: b.text }) };
        }
        const out = await heavy.hold(p.userId, () => service.run(db, p, input));
        const placeOf = new Map(out.created.map((c) => [c.line, c.place.place.id]));
        const rows = out.rows.map((r) => presentRosterRow(r, placeOf.get(r.line)));
        const summary = service.summarize(out.rows, out.ignored);
        if (input.dryRun) return { '@type': 'TeachingClassStudentImport', dryRun: true as const, rows, summary };
        const members = out.created.map((c) => presentPlace(c.place, urlSigner, policy.canSeeInvitationCode(c.place)));
        const path = `${API_AUTH_PREFIX}/teaching-class-students`;
        return reply.status(201).send({ ...collection(path, members, members.length), dryRun: false as const, rows, summary });
      },
    );
  },
};
