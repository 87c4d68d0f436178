import { CATALOGUE_MEDIA_TYPES, type MediaType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { learningSkillsRepository } from '../learning-skills/learning-skills.repository';
import { ratingMediaRepository } from '../ratings/rating-media.repository';
import { studentsRepository } from '../students/students.repository';
import { teachingClassStudentsRepository } from '../teaching-class-students/teaching-class-students.repository';
import { teachingClassesRepository } from '../teaching-classes/teaching-classes.repository';
import { usersVisibility } from '../users/users.visibility';
import type { MediaRow } from './media.presenter';

/** Of these media ids, the ones the user may see because of what they are attached to. One query per rule, not per id. */
export type MediaAccessCheck = (db: DbOrTx, p: Principal, mediaIds: number[]) => Promise<Iterable<number>>;

/**
 * DESIGN §2, "each media file is readable by exactly the users who can see what it is attached to", as one list: each
 * row asks the module that owns the attachment, whose visibility SQL is the one its lists and reads use. A new kind of
 * attachment is a new row here (nothing is registered by importing a file). Tried in order until every id is seen:
 * the commonest attachments first.
 */
export const MEDIA_ACCESS: readonly { attachedTo: string; visible: MediaAccessCheck }[] = [
  {
    attachedTo: 'a rating (its photo, video, audio or file)',
    visible: (db, p, ids) => ratingMediaRepository.visibleMediaIds(db, ids, p.userId),
  },
  { attachedTo: 'a place (its avatar)', visible: (db, p, ids) => teachingClassStudentsRepository.visibleAvatarIds(db, ids, p.userId) },
  { attachedTo: 'a class (its avatar)', visible: (db, p, ids) => teachingClassesRepository.visibleAvatarIds(db, ids, p.userId) },
  { attachedTo: 'a student (their avatar)', visible: (db, p, ids) => studentsRepository.visibleAvatarIds(db, ids, p.userId) },
  { attachedTo: 'a custom learning skill (its icon)', visible: (db, p, ids) => learningSkillsRepository.visibleIconIds(db, ids, p.userId) },
  { attachedTo: 'a user profile (its avatar)', visible: (db, p, ids) => usersVisibility.visibleAvatarIds(db, p.userId, ids) },
];

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

  /** The ids among these media that the user may see: catalogue, own uploads, then whatever MEDIA_ACCESS allows. */
  async visibleIds(db: DbOrTx, p: Principal, rows: Owned[]): Promise<Set<number>> {
    const visible = new Set<number>();
    let rest: number[] = [];
    for (const m of rows) {
      if (mediaPolicy.isCatalogue(m) || m.uploaderId === p.userId) visible.add(m.id);
      else rest.push(m.id);
    }
    for (const rule of MEDIA_ACCESS) {
      if (!rest.length) break;
      for (const id of await rule.visible(db, p, rest)) visible.add(id);
      rest = rest.filter((id) => !visible.has(id));
    }
    return visible;
  },

  async canSee(db: DbOrTx, p: Principal, m: Owned): Promise<boolean> {
    return (await mediaPolicy.visibleIds(db, p, [m])).has(m.id);
  },
};
