import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../lib/api-client';
import { useNewEvidence } from './new-evidence';

/**
 * Opening a child's page is seeing what was new there: its notices are marked read, once the list is known, and
 * the bell and the dashboard read theirs again. (Through the API client and SWR directly: importing the bell's
 * notifications-api here made it a chunk of its own on every first screen.)
 */
export function useSeenEvidence(placeId: number, enabled: boolean) {
  const ids = useNewEvidence(enabled).get(placeId)?.join(',') ?? '';
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!ids) return;
    const read = (id: string) => api(`/notification/${id}`, { method: 'PATCH', body: { isRead: true } });
    void Promise.allSettled(ids.split(',').map(read)).then(() =>
      mutate((key) => typeof key === 'string' && key.startsWith('/notifications')),
    );
  }, [ids, mutate]);
}
