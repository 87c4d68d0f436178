// @vitest-environment jsdom
import type { Notification } from '@skillroom/contract/types';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useOpenNotificationGroup } from '../../../entities/notifications/use-open-notification';
import { FAMILY_REQUESTS_ANCHOR } from './family-requests-panel';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('the bell’s group of family requests', () => {
  afterEach(cleanup);

  it('opens the class page at the panel of its requests (issue 36)', () => {
    const { result } = renderHook(() => ({ open: useOpenNotificationGroup(), location: useLocation() }), { wrapper });
    // Read already: nothing is marked, only the screen opens.
    act(() => result.current.open([{ id: 1, isRead: true } as Notification], 7));
    expect(`${result.current.location.pathname}${result.current.location.hash}`).toBe(`/teaching-class/7#${FAMILY_REQUESTS_ANCHOR}`);
  });
});
