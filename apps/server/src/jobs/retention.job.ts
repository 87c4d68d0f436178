import { EntityType, NotificationType } from '@skillroom/contract';
import { withErasure } from '../records/erasure';
import { dayMonthYear, retention } from '../records/retention';
import { notificationsService } from '../modules/notifications/notifications.service';
import type { JobContext, JobDefinition } from './job-definition';

/** Classes handled per statement; the job goes on until none is left, each class in its own transaction. */
const BATCH = 50;

/**
 * Tells the teachers of each class thirty days before its records are deleted (type 9, once), and erases the classes
 * whose day has come (DESIGN §6). Safe to run twice at once: the notice is claimed by one conditional update, and
 * erasing a class already gone does nothing.
 */
export async function runRetention(ctx: JobContext, now: Date) {
  const days = ctx.config.retentionDays;
  let notified = 0;
  let erased = 0;
  if (days <= 0) return { notified, erased };
  for (;;) {
    const due = await retention.toNotify(ctx.db, days, now, BATCH);
    for (const c of due) {
      const told = await ctx.db.transaction(async (tx) => {
        const claimed = await retention.claimNotice(tx, c.id, days, now);
        if (!claimed) return false;
        await notificationsService.notify(tx, {
          recipients: await retention.teacherIds(tx, c.id),
          notificationType: NotificationType.RetentionDue,
          entityType: EntityType.TeachingClass,
          entityId: c.id,
          params: { class: claimed.name, date: dayMonthYear(claimed.eraseOn) },
          // The class page, where "Export class" is.
          path: `/teaching-class/${c.id}`,
        });
        return true;
      });
      if (told) notified++;
    }
    if (due.length < BATCH) break;
  }
  const done = new Set<number>();
  for (;;) {
    // A class that comes back after being erased (it should not) stops the loop rather than spinning on it.
    const ids = (await retention.toErase(ctx.db, days, now, BATCH)).filter((id) => !done.has(id));
    for (const id of ids) {
      // Checked again under the class's lock, in the erasing transaction: a class reopened since it was listed stays.
      if (await withErasure(ctx, async (e) => (await retention.lockIfDue(e.tx, id, days, now)) && (await e.classes([id])).length > 0))
        erased++;
      done.add(id);
    }
    if (ids.length < BATCH) break;
  }
  return { notified, erased };
}

export const retentionJob: JobDefinition = {
  name: 'retention',
  cron: '23 2 * * *',
  expireInSeconds: 30 * 60,
  retryLimit: 3,
  retryDelaySeconds: 300,
  run: (ctx, _data, now) => runRetention(ctx, now),
};
