import type { Report } from '@skillroom/contract';
import type { WorkerPool } from '../lib/worker-pool';
import type { LetterClass, LetterPlace } from './family-letters/family-letters.repository';
import type { ReportGrowth } from './reports/report-growth.service';
import type { ReportRatingRow } from './reports/report-ratings.repository';
import type { ReadRoster } from './teaching-class-students/roster-parse';

/** A roster upload as sent: file bytes or pasted text. */
export type RosterTask = { file: Uint8Array } | { text: string };

export interface LettersTask {
  cls: LetterClass;
  places: LetterPlace[];
  publicUrl: string;
}

export interface SpreadsheetTask {
  report: Report;
  locale: string;
  ratings: ReportRatingRow[];
  quick?: boolean;
  growth?: ReportGrowth[];
}

/** The heavy worker's tasks (`heavy.worker.ts` exports a function of each name): what each takes and answers. */
export interface HeavyTasks {
  roster: { input: RosterTask; output: ReadRoster };
  letters: { input: LettersTask; output: Uint8Array };
  spreadsheet: { input: SpreadsheetTask; output: Uint8Array };
}

/** Runs one of the modules' heavy tasks in the instance's worker pool, typed by its name. */
export const runHeavy = <K extends keyof HeavyTasks>(
  pool: WorkerPool,
  name: K,
  input: HeavyTasks[K]['input'],
  signal: AbortSignal,
): Promise<HeavyTasks[K]['output']> => pool.run<HeavyTasks[K]['output']>(name, input, signal);
