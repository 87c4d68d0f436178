import { USER_TYPE_MARKER, type AccountType, type PublicUser } from '@skillroom/contract';
import { embedded } from '../http/hydra';
import type { UrlSigner } from '../lib/url-signer';
import { presentMedia, type MediaRow } from './media.view';

/** The JSON-LD type of a user (spec §3) by account type; teachers when unknown. */
export const marker = (t: string) => USER_TYPE_MARKER[t as AccountType] ?? 'Teacher';

/** The columns a user is named by. */
export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  accountType: string;
}

/** What other signed-in users may see of someone: name and avatar. */
export function presentPublicUser(r: { user: PersonRow; avatar: MediaRow | null }, signer: UrlSigner): PublicUser {
  return embedded(marker(r.user.accountType), 'user', r.user.id, {
    id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
  });
}
