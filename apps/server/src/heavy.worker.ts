// The heavy work's worker thread (lib/worker-pool.ts starts it): CPU-bound work that would stall every other request
// on the main thread (a roster's bytes to rows, the family letters' PDF, a report's workbook). It gets plain data and answers plain data;
// the database stays on the main thread. Built as its own entry (dist/heavy.worker.js); run from sources under tsx.
import { Piscina } from 'piscina';
import { renderFamilyLetters } from './modules/family-letters/family-letter-pdf';
import { renderReportSpreadsheet } from './modules/reports/report-spreadsheet';
import { readRosterFile, readRosterText } from './modules/teaching-class-students/roster-read';
import { workOutcome, type WorkOutcome } from './lib/worker-pool-outcome';
import type { ReadRoster } from './modules/teaching-class-students/roster-parse';
import type { LettersTask, RosterTask, SpreadsheetTask } from './modules/heavy-tasks';

/** A roster upload (file bytes or pasted text) as rows; an input error comes back as data (`WorkOutcome`). */
export function roster(task: RosterTask): Promise<WorkOutcome<ReadRoster>> {
  return workOutcome(async () =>
    'file' in task ? readRosterFile(Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength)) : readRosterText(task.text),
  );
}

/** Bytes moved (not copied) to the main thread. */
function moved(bytes: Buffer): Uint8Array {
  // A small Buffer may be a view of Node's shared pool, which must not be moved: such bytes are copied first.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
  return Piscina.move(new Uint8Array(own.buffer, own.byteOffset, own.byteLength)) as unknown as Uint8Array;
}

/** The family letters' PDF. */
export async function letters(task: LettersTask): Promise<Uint8Array> {
  return moved(await renderFamilyLetters(task.cls, task.places, task.publicUrl));
}

/** A report's xlsx workbook: exceljs builds it whole in memory, one synchronous step of half a second for 1,000 students. */
export async function spreadsheet(task: SpreadsheetTask): Promise<Uint8Array> {
  return moved(await renderReportSpreadsheet(task.report, task.locale, task.ratings, { quick: task.quick, growth: task.growth }));
}
