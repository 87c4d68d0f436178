import { NotificationType } from '@skillroom/contract/constants';
import useSWR from 'swr';
import { withQuery } from '../../lib/api-client';
import type { NotificationPage } from './notifications-api';

/** The unread notices a family may have waiting (DESIGN §11): a page large enough for a fortnight of a class's ratings. */
const NEW_EVIDENCE_KEY = withQuery('/notifications', { isRead: 'false', page: 1, itemsPerPage: 100 });

const placeOf = (path: string | null) => Number(/^\/student\/(\d+)$/.exec(path ?? '')?.[1] ?? NaN);

/**
 * The unread notices of new evidence (type 10) per child's place: what the family's dashboard marks as new since
 * they last opened the child. Read only when `enabled` (family accounts).
 */
export function useNewEvidence(enabled: boolean) {
  const { data } = useSWR<NotificationPage>(enabled ? NEW_EVIDENCE_KEY : null);
  const byPlace = new Map<number, number[]>();
  for (const n of data?.['hydra:member'] ?? []) {
    const place = placeOf(n.path);
    if (n.notificationType !== NotificationType.NewEvidence || !Number.isSafeInteger(place)) continue;
    byPlace.set(place, [...(byPlace.get(place) ?? []), n.id]);
  }
  return byPlace;
}
