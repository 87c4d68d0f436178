import { driverError } from '../db/driver-error';
import { conflict, HttpError } from './errors';

export const sqlState = (err: unknown) => driverError(err)?.code ?? null;

/**
 * Database refusals that a request can cause, as the HTTP answer they mean. Each route checks its input and
 * its references first; this is the net under races (a class deleted while a student is added to it, two
 * requests creating the same thing) and under any check a route forgot. The statement failed, so its
 * transaction wrote nothing.
 */
export function databaseRefusal(err: unknown): HttpError | null {
  const code = sqlState(err);
  if (!code) return null;
  if (code === '23503') return conflict('A record this request refers to does not exist (any more).');
  if (code === '23505') return conflict('This record exists already.');
  if (code === '40001' || code === '40P01') return conflict('Another request changed the same records at the same time. Please try again.');
  // Integrity (23: not null, check, exclusion) and data exceptions (22: out of range, invalid text, bad date).
  if (code.startsWith('23') || code.startsWith('22')) return new HttpError(400, 'A value of this request is not valid.');
  return null;
}
