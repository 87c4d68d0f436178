import { setImmediate as nextTurn } from 'node:timers/promises';
import { checkAborted } from './request-signal';

/**
 * The step between two units of a long run (a student of a class export, a page of a portfolio): gives the event
 * loop a turn, so that requests and timers are served between units and no single stretch of work holds the
 * process for long whatever the size of the run, then stops the run (`WorkAborted`) if its signal was aborted
 * meanwhile: its client went away or the instance is stopping.
 */
export async function betweenUnits(signal: AbortSignal | undefined) {
  checkAborted(signal);
  await nextTurn();
  checkAborted(signal);
}
