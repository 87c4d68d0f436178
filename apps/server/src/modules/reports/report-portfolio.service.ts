import type { Report } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { iri } from '../../http/hydra';
import type { FileStore } from '../../lib/file-store';
import type { UrlSigner } from '../../lib/url-signer';
import { reportGrowth } from './report-growth.service';
import { printPicture } from './report-pdf-media';
import type { PortfolioSource } from './report-pdf-portfolio';
import { reportPortfolioRepository as repo } from './report-portfolio.repository';
import { reportsRepository } from './reports.repository';
import { reportsService } from './reports.service';

const PAGE = 50;

export interface PortfolioDeps {
  db: DbOrTx;
  files: FileStore;
  urlSigner: UrlSigner;
}

/**
 * What a portfolio PDF reads, for one user: the student's ratings of the range (the report's classes, checked again
 * against who sees a rating), page by page; pictures from the file store scaled to print; and for a class report,
 * each rated student's report over that class; a student's growth. The caller has already decided the user may read the report.
 */
export function portfolioSource(deps: PortfolioDeps, userId: number): PortfolioSource {
  return {
    async *ratings(scope) {
      let after: { date: string; id: number } | null = null;
      for (;;) {
        const rows = await repo.page(deps.db, { ...scope, userId }, after, PAGE);
        if (rows.length) yield rows;
        if (rows.length < PAGE) return;
        const last = rows[rows.length - 1]!;
        after = { date: last.date, id: last.id };
      }
    },
    picture: printPicture(deps.files),
    growth: async (r) => (await reportGrowth(deps.db, r))[0]?.skills ?? [],
    async *students(r: Report) {
      const cls = r.teachingClasses[0];
      if (!cls) return;
      const found = await reportsRepository.classWithRole(deps.db, cls.id, userId);
      if (!found) return;
      // In the report's own order of its students (the reader's name order, reports.routes.ts), only those with a
      // rating in the range (whole-class ones count): the others are named once in the class summary.
      const rank = new Map(r.students.filter((st) => st.ratings > 0).map((st, i) => [st.teachingClassStudent, i]));
      const places = await reportsRepository.placesOfClass(deps.db, cls.id);
      const at = (id: number) => rank.get(iri('teaching-class-student', id))!;
      for (const place of places.filter((pl) => rank.has(iri('teaching-class-student', pl.id))).sort((a, b) => at(a.id) - at(b.id)))
        yield await reportsService.ofPlaces(deps.db, deps.urlSigner, place.studentId, [{ place, cls: found.cls, school: found.school }], {
          startDate: r.start,
          endDate: r.end,
        });
    },
  };
}
