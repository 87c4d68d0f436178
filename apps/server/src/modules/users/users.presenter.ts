import type { AccountType, User } from '@skillroom/contract';
import { embedded, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia } from '../../views/media.view';
import { marker } from '../../views/user.view';
import type { UserWithRelations } from './users.repository';

export { marker, presentPublicUser } from '../../views/user.view';

/** The whole profile, for its owner. No password hash ever leaves the server. */
export function presentUser(r: UserWithRelations, signer: UrlSigner): User {
  const u = r.user;
  return embedded(marker(u.accountType), 'user', u.id, {
    id: u.id,
    created: iso(u.created)!,
    updated: iso(u.updated)!,
    firstName: u.firstName,
    lastName: u.lastName,
    preferredLanguage: u.preferredLanguage,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    school: r.school
      ? embedded('School', 'school', r.school.id, {
          id: r.school.id,
          name: r.school.name,
          created: iso(r.school.created)!,
          updated: iso(r.school.updated)!,
          numTeachers: r.school.numTeachers,
        })
      : null,
    occupation: u.occupation,
    phone: u.phone,
    privacyPolicyLastAgreed: iso(u.privacyPolicyLastAgreed),
    username: u.username,
    email: u.email,
    accountType: u.accountType as AccountType,
    roles: u.roles,
    hasSubscription: r.hasSubscription,
    quietHoursStart: u.quietHoursStart,
    quietHoursEnd: u.quietHoursEnd,
    timeZone: u.timeZone,
  });
}
