import type PgBoss from 'pg-boss';
import type { JobDefinition } from './job-definition';

/**
 * Two instances creating the same new queue at once (each makes its partition table) can deadlock on PostgreSQL; the
 * server picks one to fail, and the other's queue is then there, so the loser's second try finds it.
 */
async function retryDeadlock<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01' || attempt >= tries) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

/**
 * Makes each queue and schedule as the definitions say. What is already so is left alone: a start after the first
 * reads two tables and writes nothing (on the embedded database every write is a sync to disk).
 */
export async function registerQueues(boss: PgBoss, defs: JobDefinition[], schedule: boolean) {
  const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  const schedules = schedule
    ? new Map((await boss.getSchedules()).map((x) => [x.name, x as PgBoss.Schedule & { timezone?: string }]))
    : null;
  for (const d of defs) {
    const want = {
      name: d.name,
      policy: d.policy ?? 'singleton',
      retryLimit: d.retryLimit,
      retryDelay: d.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: d.expireInSeconds,
    };
    const has = queues.get(d.name);
    if (!has) await retryDeadlock(() => boss.createQueue(d.name, want));
    else if ((['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).some((k) => has[k] !== want[k])) {
      // A queue made by an older version gets this version's settings.
      await retryDeadlock(() => boss.updateQueue(d.name, want));
    }
    const current = schedules?.get(d.name);
    if (schedules && d.cron && (current?.cron !== d.cron || current.timezone !== 'UTC'))
      await boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
    if (schedules && !d.cron && current) await boss.unschedule(d.name);
  }
}
