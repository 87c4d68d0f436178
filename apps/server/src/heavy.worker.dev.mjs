// The heavy work's worker when the server runs from its TypeScript sources (tsx in development, vitest in the API
// tests): a worker thread does not inherit the loader hooks of the thread that started it, so this plain JavaScript
// entry loads the worker's sources through tsx itself. The built server starts dist/heavy.worker.js instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./heavy.worker.ts', import.meta.url);

export const roster = (task) => worker.roster(task);
export const letters = (task) => worker.letters(task);
export const spreadsheet = (task) => worker.spreadsheet(task);
