import { EntityType, NotificationType, PlatformType } from '@skillroom/contract/constants';
import type { Notification } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { groupNotifications } from './notification-groups';

let seq = 0;
const note = (notificationType: NotificationType, path: string | null): Notification => ({
  '@id': `/api/auth/v1/notification/${++seq}`,
  '@type': 'Notification',
  id: seq,
  created: '2026-11-24T10:00:00Z',
  updated: '2026-11-24T10:00:00Z',
  title: 't',
  message: 'm',
  user: '/api/auth/v1/user/1',
  isRead: false,
  notificationType,
  entityType: EntityType.StudentProfileUserInvitation,
  entityId: seq,
  platformType: PlatformType.Web,
  path,
});
const request = (cls: number, place: number) =>
  note(NotificationType.StudentProfileUserInvitationReceived, `/teaching-class/${cls}/student/${place}/manage`);
const shape = (items: Notification[]) => groupNotifications(items).map((e) => [e.classId, e.items.map((n) => n.id)]);

describe('groupNotifications', () => {
  it('makes one line of consecutive family requests for one class, keeping the order', () => {
    const items = [
      request(3, 10),
      request(3, 11),
      request(3, 12),
      request(4, 20),
      note(NotificationType.TeacherCreated, '/teaching-class/3'),
    ];
    const [a, b, c, d, e] = items.map((n) => n.id);
    expect(shape(items)).toEqual([
      [3, [a, b, c]],
      [null, [d]],
      [null, [e]],
    ]);
  });

  it('leaves requests apart when something else comes between them, and other types ungrouped', () => {
    const accepted = (place: number) => note(NotificationType.StudentProfileUserInvitationAccepted, `/student/${place}`);
    const items = [request(3, 10), accepted(1), request(3, 11), accepted(2), accepted(3)];
    expect(shape(items).map(([cls, ids]) => [cls, (ids as number[]).length])).toEqual([
      [null, 1],
      [null, 1],
      [null, 1],
      [null, 1],
      [null, 1],
    ]);
  });

  it('does not group a request whose path names no class', () => {
    const items = [note(NotificationType.StudentProfileUserInvitationReceived, null), request(3, 10), request(3, 11)];
    expect(shape(items).map(([cls, ids]) => [cls, (ids as number[]).length])).toEqual([
      [null, 1],
      [3, 2],
    ]);
  });
});
