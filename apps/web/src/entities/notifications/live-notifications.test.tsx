// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationType } from '@skillroom/contract/constants';
import { announceNotification, useLiveNotification } from './live-notifications';

const TYPES = [NotificationType.TeacherInvitationAccepted, NotificationType.ClassOwned];

describe('live notifications for the screens', () => {
  afterEach(cleanup);

  it('calls a mounted screen for the types it listens to only, and no more once it is gone', () => {
    const onArrive = vi.fn();
    const { unmount } = renderHook(() => useLiveNotification(TYPES, onArrive));
    announceNotification(NotificationType.ClassOwned);
    announceNotification(NotificationType.TeacherInvitationAccepted);
    announceNotification(NotificationType.RetentionDue);
    expect(onArrive).toHaveBeenCalledTimes(2);
    unmount();
    announceNotification(NotificationType.ClassOwned);
    expect(onArrive).toHaveBeenCalledTimes(2);
  });
});
