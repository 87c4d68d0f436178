import { CATALOGUE_MEDIA_TYPES, type MediaType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { visibleAttachedMediaIds } from '../../class-access/media-visibility.sql';
import type { MediaRow } from './media.presenter';

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
  canUpload: (p: Principal, mediaType: MediaType) =>
    !CATALOGUE_MEDIA_TYPES.includes(mediaType) || p.roles.some((r) => CATALOGUE_ROLES.includes(r)),

  /**
   * The ids among these media that the user may see: catalogue, own uploads, then those attached to something the user
   * sees (class-access/media-visibility.sql.ts, DESIGN §2).
   */
  async visibleIds(db: DbOrTx, p: Principal, rows: Owned[]): Promise<Set<number>> {
    const visible = new Set<number>();
    const rest: number[] = [];
    for (const m of rows) {
      if (mediaPolicy.isCatalogue(m) || m.uploaderId === p.userId) visible.add(m.id);
      else rest.push(m.id);
    }
    for (const id of await visibleAttachedMediaIds(db, p.userId, rest)) visible.add(id);
    return visible;
  },

  async canSee(db: DbOrTx, p: Principal, m: Owned): Promise<boolean> {
    return (await mediaPolicy.visibleIds(db, p, [m])).has(m.id);
  },
};
