import { EntityType, NotificationType } from '@skillroom/contract/constants';
import type { Notification } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { notificationPageKey, type NotificationPage } from './notifications-api';
import { notificationTarget } from './notification-target';

const n = (notificationType: number, entityType: number, entityId: number, path: string | null) =>
  ({ notificationType, entityType, entityId, path }) as Pick<Notification, 'notificationType' | 'entityType' | 'entityId' | 'path'>;

describe('where a notification click goes (spec §2)', () => {
  it('opens the class for a teacher added (2) and an accepted request to join (5)', () => {
    expect(notificationTarget(n(NotificationType.TeacherCreated, EntityType.TeachingClassTeacher, 9, '/teaching-class/3'))).toBe(
      '/teaching-class/3',
    );
    expect(notificationTarget(n(NotificationType.TeacherInvitationAccepted, EntityType.TeachingClass, 3, '/teaching-class/3'))).toBe(
      '/teaching-class/3',
    );
  });

  it('opens the conversation for a message or an announcement (14, DESIGN §11), and nothing else it names', () => {
    expect(notificationTarget(n(NotificationType.Message, EntityType.Conversation, 4, '/messages/4'))).toBe('/messages/4');
    expect(notificationTarget(n(NotificationType.Message, EntityType.Conversation, 4, '/profile/edit'))).toBeNull();
  });

  it('opens the class at its home observations banner for a new one (12), the child for an approved one (13)', () => {
    expect(notificationTarget(n(NotificationType.HomeObservationWaiting, EntityType.TeachingClass, 3, '/teaching-class/3'))).toBe(
      '/teaching-class/3#home-observations',
    );
    expect(notificationTarget(n(NotificationType.HomeObservationApproved, EntityType.Rating, 8, '/student/7'))).toBe('/student/7');
    expect(notificationTarget(n(NotificationType.HomeObservationApproved, EntityType.Rating, 8, '/profile/edit'))).toBeNull();
    // A rejection (issue 37) names the class, no rating: it still opens the child's page, not the class.
    expect(notificationTarget(n(NotificationType.HomeObservationApproved, EntityType.TeachingClass, 3, '/student/7'))).toBe('/student/7');
    expect(notificationTarget(n(NotificationType.HomeObservationWaiting, EntityType.TeachingClass, 3, '/student/7'))).toBe(
      '/teaching-class/3',
    );
  });

  it("opens the class's teachers screen for a request to join (4)", () => {
    expect(
      notificationTarget(n(NotificationType.TeacherInvitationReceived, EntityType.TeacherInvitation, 5, '/teaching-class/3/teachers')),
    ).toBe('/teaching-class/3/teachers');
  });

  it("opens the student's management screen for a request to link (6), under either student path", () => {
    expect(
      notificationTarget(
        n(
          NotificationType.StudentProfileUserInvitationReceived,
          EntityType.StudentProfileUserInvitation,
          2,
          '/teaching-class/3/student/7/manage',
        ),
      ),
    ).toBe('/teaching-class/3/student/7/manage');
    expect(
      notificationTarget(
        n(NotificationType.StudentProfileUserInvitationReceived, EntityType.StudentProfileUserInvitation, 2, '/student/7/manage'),
      ),
    ).toBe('/student/7/manage');
  });

  it('opens the student for an accepted link (7)', () => {
    expect(
      notificationTarget(
        n(NotificationType.StudentProfileUserInvitationAccepted, EntityType.StudentProfileUserInvitation, 2, '/student/7'),
      ),
    ).toBe('/student/7');
  });

  it("opens the child's page for new evidence (10), and nothing else", () => {
    expect(notificationTarget(n(NotificationType.NewEvidence, EntityType.Rating, 4, '/student/7'))).toBe('/student/7');
    expect(notificationTarget(n(NotificationType.NewEvidence, EntityType.Rating, 4, '/teaching-class/3/students'))).toBeNull();
  });

  it('opens the class for a retention notice (9), whose page has "Export class"', () => {
    expect(notificationTarget(n(NotificationType.RetentionDue, EntityType.TeachingClass, 3, '/teaching-class/3'))).toBe(
      '/teaching-class/3',
    );
    expect(notificationTarget(n(NotificationType.RetentionDue, EntityType.TeachingClass, 3, '/teaching-class/3/teachers'))).toBe(
      '/teaching-class/3',
    );
    expect(notificationTarget(n(NotificationType.RetentionDue, EntityType.TeachingClass, 3, null))).toBe('/teaching-class/3');
    expect(notificationTarget(n(NotificationType.ClassOwned, EntityType.TeachingClass, 4, '/teaching-class/4'))).toBe('/teaching-class/4');
    expect(notificationTarget(n(NotificationType.ClassOwned, EntityType.TeachingClass, 4, '/teaching-class/4/teachers'))).toBe(
      '/teaching-class/4',
    );
  });

  it('goes nowhere for a removal (3), whatever the server names', () => {
    expect(notificationTarget(n(NotificationType.TeacherRemoved, EntityType.TeachingClassTeacher, 9, null))).toBeNull();
    expect(notificationTarget(n(NotificationType.TeacherRemoved, EntityType.TeachingClassTeacher, 9, '/teaching-class/3'))).toBeNull();
  });

  it('goes nowhere when a child a family followed was removed (15): the class is not theirs to open', () => {
    expect(notificationTarget(n(NotificationType.StudentLinkEnded, EntityType.TeachingClass, 4, null))).toBeNull();
  });

  it("follows no path that is not its type's screen, nor one outside the app", () => {
    expect(
      notificationTarget(n(NotificationType.TeacherInvitationReceived, EntityType.TeacherInvitation, 5, '/teaching-class/3')),
    ).toBeNull();
    expect(
      notificationTarget(
        n(NotificationType.StudentProfileUserInvitationAccepted, EntityType.StudentProfileUserInvitation, 2, '//evil.example/student/7'),
      ),
    ).toBeNull();
    expect(notificationTarget(n(NotificationType.TeacherCreated, EntityType.TeachingClassTeacher, 9, 'https://evil.example/'))).toBeNull();
  });

  it('still opens the class of a class notification that names no screen', () => {
    expect(notificationTarget(n(NotificationType.TeacherInvitationAccepted, EntityType.TeachingClass, 3, null))).toBe('/teaching-class/3');
    expect(notificationTarget(n(NotificationType.TeacherCreated, EntityType.TeachingClassTeacher, 9, null))).toBeNull();
  });
});

describe('notification list pages (spec §9: 25 a page)', () => {
  const page = (total: number) => ({ 'hydra:totalItems': total }) as NotificationPage;
  it('asks page after page until the total is reached', () => {
    expect(notificationPageKey(0, null)).toBe('/notifications?page=1&itemsPerPage=25');
    expect(notificationPageKey(1, page(26))).toBe('/notifications?page=2&itemsPerPage=25');
    expect(notificationPageKey(1, page(25))).toBeNull();
  });
});
