import {
  classCoverageSchema,
  classGrowthSchema,
  coverageQuery,
  growthClassQuery,
  growthStudentQuery,
  studentGrowthSchema,
} from '@skillroom/contract';
import { idParams, namedQuery } from '../../http/route-schema';
import { recordAccess, recordReads } from '../../records/access-log';
import { readerTexts } from '../learning-skills/learning-skills.service';
import type { ModuleRoutes } from '../types';
import { presentClassGrowth, presentCoverage, presentStudentGrowth } from './growth.presenter';
import { growthService as service } from './growth.service';

export const growthRoutes: ModuleRoutes = {
  name: 'growth',
  auth: (app, { db }) => {
    app.get(
      '/growth/student/:id',
      {
        schema: {
          summary: "A Student's growth per skill: the stage now, at the range's start, and by month (teachingClassId for one class)",
          params: idParams,
          querystring: namedQuery(growthStudentQuery),
          response: { 200: studentGrowthSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const g = await service.forStudent(db, p, req.params.id, req.query);
        // A read of the child's record, logged whoever reads it (DESIGN §6), as their report is.
        const detail = `${g.range.start}/${g.range.end}`;
        const teachingClassId = req.query.teachingClassId ?? null;
        recordAccess(db, { userId: p.userId, studentIds: [req.params.id], teachingClassId, action: 'growth', detail, address: req.ip });
        return presentStudentGrowth(g, req.params.id, await readerTexts(db, p));
      },
    );
    app.get(
      '/growth/class/:id',
      {
        schema: {
          summary: "A class's growth grid: students × skills with the stage and number of ratings (its teachers and evaluators)",
          params: idParams,
          querystring: namedQuery(growthClassQuery),
          response: { 200: classGrowthSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const g = await service.forClass(db, p, req.params.id, req.query);
        // The cells' self-assessments are reads of those children's records, logged when an evaluator reads them (DESIGN §6).
        const placeIds = g.students.filter((st) => st.skills.some((c) => c.self)).map((st) => st.place.id);
        recordReads(db, { userId: p.userId, action: 'record', detail: 'self-assessments', address: req.ip, subject: { placeIds } });
        return presentClassGrowth(g, await readerTexts(db, p));
      },
    );
    app.get(
      '/coverage/class/:id',
      {
        schema: {
          summary: "Students not rated within `days` (default the class's coverageDays), per skill those never rated this term",
          params: idParams,
          querystring: namedQuery(coverageQuery),
          response: { 200: classCoverageSchema },
        },
      },
      async (req) => presentCoverage(await service.coverage(db, req.principal, req.params.id, req.query)),
    );
  },
};
