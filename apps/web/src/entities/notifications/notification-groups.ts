import { NotificationType } from '@skillroom/contract/constants';
import type { Notification } from '@skillroom/contract/types';

/** One line of a notification list: a single notification, or a run of family requests for one class. */
export interface NotificationEntry {
  key: string;
  items: Notification[];
  /** The class a group of family requests is for (null for a single notification). */
  classId: number | null;
}

const REQUEST_PATH = /^\/teaching-class\/(\d+)\/student\/\d+\/manage$/;

/** The class of a "request to follow a student" notification, from the screen it opens; null for any other. */
function requestClass(n: Notification): number | null {
  if (n.notificationType !== NotificationType.StudentProfileUserInvitationReceived) return null;
  const m = REQUEST_PATH.exec(n.path ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * A class's families often ask on the same day (a letter went home): each request stays its own notification (the
 * specification's model, one per request), but consecutive ones for the same class read as one line, "24 family
 * requests", that opens the class page where they are answered together. Anything else, and a request alone, stays
 * as it is. The order (newest first) is kept.
 */
export function groupNotifications(items: Notification[]): NotificationEntry[] {
  const out: NotificationEntry[] = [];
  for (const n of items) {
    const classId = requestClass(n);
    const last = out.at(-1);
    if (classId !== null && last && last.classId === classId) last.items.push(n);
    else out.push({ key: String(n.id), items: [n], classId });
  }
  // A run of one is an ordinary notification.
  return out.map((e) => (e.items.length > 1 ? e : { ...e, classId: null }));
}
