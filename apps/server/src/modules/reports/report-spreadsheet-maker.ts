import type { Report } from '@skillroom/contract';
import type { WorkerPool } from '../../lib/worker-pool';
import type { ReportGrowth } from './report-growth.service';
import type { ReportRatingRow } from './report-ratings.repository';
import { runHeavy } from '../heavy-tasks';
import { renderReportSpreadsheet } from './report-spreadsheet';

/** What makes a report's workbook: the same function on the request thread or in the heavy-work pool. */
export type SpreadsheetMaker = (
  r: Report,
  locale: string,
  ratings: ReportRatingRow[],
  o?: { quick?: boolean; growth?: ReportGrowth[] },
) => Promise<Buffer>;

/** On the request thread (a caller without a pool: tools, benches). */
export const spreadsheetHere: SpreadsheetMaker = renderReportSpreadsheet;

/**
 * In the heavy-work pool (lib/worker-pool.ts): exceljs builds a workbook whole in memory, half a second of one core for
 * a class of 1,000 students, which on the request thread would hold every other answer. The signal (the client went
 * away, the instance stops) ends the task with its thread.
 */
export const spreadsheetIn =
  (pool: WorkerPool, signal: AbortSignal): SpreadsheetMaker =>
  async (report, locale, ratings, o = {}) => {
    const bytes = await runHeavy(pool, 'spreadsheet', { report, locale, ratings, quick: o.quick, growth: o.growth }, signal);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
