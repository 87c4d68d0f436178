import type { PushToken } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { PushTokenRow } from './push.repository';

export const presentPushToken = (t: PushTokenRow): PushToken =>
  embedded('FirebaseToken', 'firebase-token', t.id, {
    id: t.id,
    created: iso(t.created)!,
    updated: iso(t.updated)!,
    token: t.token,
    user: iri('user', t.userId),
    errorCount: t.errorCount,
    messageCount: t.messageCount,
  });
