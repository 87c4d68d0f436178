import type { Violation } from '@skillroom/contract';
import { HttpError, ValidationError } from '../http/errors';

/**
 * What a worker thread answers: its value, or the client error its input caused. An error crossing threads is cloned
 * as a plain Error (its class and status lost), so client errors travel as data and are made again on the main thread;
 * anything else is a fault and is thrown as such.
 */
export type WorkOutcome<T> =
  { ok: true; value: T } | { ok: false; status: number; message: string; title: string; violations?: Violation[] };

/** In the worker: runs the work, turning a client error (an HttpError) into data. */
export async function workOutcome<T>(work: () => Promise<T>): Promise<WorkOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const violations = e instanceof ValidationError ? e.violations : undefined;
    return { ok: false, status: e.statusCode, message: e.message, title: e.title, ...(violations ? { violations } : {}) };
  }
}

/** On the main thread: the value, or the client error thrown again as the error handler knows it. */
export function outcomeValue<T>(o: WorkOutcome<T>): T {
  if (o.ok) return o.value;
  if (o.violations) throw new ValidationError(o.violations);
  throw new HttpError(o.status, o.message, o.title);
}
