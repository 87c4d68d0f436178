import { CATALOGUE_MEDIA_TYPES, type MediaType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import type { MediaRow } from './media.presenter';

/**
 * A rule another module adds: of these media ids, the ones the user may see because of what they are attached to
 * (a class avatar to the class's members, a rating's photo to those who see the rating…). One query per rule, not per id.
 */
export type MediaAccessCheck = (db: DbOrTx, p: Principal, mediaIds: number[]) => Promise<Iterable<number>>;

// Modules register at import; a Set keeps a rule registered twice (several apps in one process) from running twice.
const checks = new Set<MediaAccessCheck>();

/** Adds a way of seeing media: DESIGN §2, "each media file is readable by exactly the users who can see what it is attached to". */
export function registerMediaAccess(check: MediaAccessCheck): void {
  checks.add(check);
}

/** Platform roles that look after the predefined catalogue (spec §6). */
const CATALOGUE_ROLES = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN_CONTENT_CREATOR', 'ROLE_ADMIN_CONTENT_MANAGER'];

type Owned = Pick<MediaRow, 'id' | 'mediaType' | 'uploaderId'>;

export const mediaPolicy = {
  /**
   * Predefined media, shown to everyone signed in: the catalogue types, and platform media without an uploader
   * (the predefined class avatars are type 31 with no uploader; every upload records its uploader).
   */
  isCatalogue: (m: Owned) => CATALOGUE_MEDIA_TYPES.includes(m.mediaType as MediaType) || m.uploaderId === null,

  /** Users upload their own kinds of media; only catalogue keepers add to the catalogue. */
  canUpload: (p: Principal, mediaType: MediaType) => !CATALOGUE_MEDIA_TYPES.includes(mediaType) || p.roles.some((r) => CATALOGUE_ROLES.includes(r)),

  /** The ids among these media that the user may see: catalogue, own uploads, then whatever the registered rules allow. */
  async visibleIds(db: DbOrTx, p: Principal, rows: Owned[]): Promise<Set<number>> {
    const visible = new Set<number>();
    let rest: number[] = [];
    for (const m of rows) {
      if (mediaPolicy.isCatalogue(m) || m.uploaderId === p.userId) visible.add(m.id);
      else rest.push(m.id);
    }
    for (const check of checks) {
      if (!rest.length) break;
      for (const id of await check(db, p, rest)) visible.add(id);
      rest = rest.filter((id) => !visible.has(id));
    }
    return visible;
  },

  async canSee(db: DbOrTx, p: Principal, m: Owned): Promise<boolean> {
    return (await mediaPolicy.visibleIds(db, p, [m])).has(m.id);
  },
};
