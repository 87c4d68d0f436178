import { sql, type SQL } from 'drizzle-orm';
import type { AccountType, ClassLabel, LinkUser, PublicUser, StudentLabel } from '@skillroom/contract';
import { jsonOf, reviverOf } from '../db/json';
import { media } from '../db/schema';
import { embedded } from '../http/hydra';
import type { UrlSigner } from '../lib/url-signer';
import { presentMedia, type MediaRow } from '../views/media.view';
import { presentPublicUser } from '../views/user.view';

/*
 * The small views by which invitations, links and class teachers name a class, a Student and a user: one JSON value
 * each, read in the same statement as the row that names them. `column` is a qualified SQL column holding the id.
 */

const mediaOf = (alias: string, column: string) => sql`(select ${jsonOf(media, alias)} from media ${sql.raw(alias)} where ${sql.raw(alias)}.id = ${sql.raw(column)})`;

export interface ClassLabelRow {
  id: number;
  name: string;
  isFinished: boolean;
  selfAssessment: boolean;
  avatar: MediaRow | null;
  school: { id: number; name: string } | null;
}
export interface PersonLabelRow {
  id: number;
  firstName: string;
  lastName: string | null;
  accountType?: string;
  avatar: MediaRow | null;
}

export const classLabelSql = (column: string): SQL<ClassLabelRow> =>
  sql<ClassLabelRow>`(select json_build_object('id', lc.id, 'name', lc.name, 'isFinished', lc.is_finished,
    'selfAssessment', lc.self_assessment,
    'avatar', ${mediaOf('lca', 'lc.avatar_id')},
    'school', (select json_build_object('id', ls.id, 'name', ls.name) from school ls where ls.id = lc.school_id))
  from teaching_class lc where lc.id = ${sql.raw(column)})`;

export const userLabelSql = (column: string): SQL<PersonLabelRow> =>
  sql<PersonLabelRow>`(select json_build_object('id', lu.id, 'firstName', lu.first_name, 'lastName', lu.last_name, 'accountType', lu.account_type,
    'avatar', ${mediaOf('lua', 'lu.avatar_id')})
  from app_user lu where lu.id = ${sql.raw(column)})`;

export const studentLabelSql = (column: string): SQL<PersonLabelRow> =>
  sql<PersonLabelRow>`(select json_build_object('id', lp.id, 'firstName', lp.first_name, 'lastName', lp.last_name,
    'avatar', ${mediaOf('lpa', 'lp.avatar_id')})
  from student lp where lp.id = ${sql.raw(column)})`;

const reviveMedia = reviverOf<MediaRow | null>(media);
const avatarOf = (m: MediaRow | null, signer: UrlSigner) => (m ? presentMedia(reviveMedia(m)!, signer) : null);

export const presentClassLabel = (c: ClassLabelRow, signer: UrlSigner): ClassLabel =>
  embedded('TeachingClass', 'teaching-class', c.id, {
    id: c.id,
    name: c.name,
    avatar: avatarOf(c.avatar, signer),
    school: c.school ? embedded('School', 'school', c.school.id, { id: c.school.id, name: c.school.name }) : null,
    isFinished: c.isFinished,
    selfAssessment: c.selfAssessment,
  });

export const presentStudentLabel = (s: PersonLabelRow, signer: UrlSigner): StudentLabel =>
  embedded('Student', 'student', s.id, { id: s.id, firstName: s.firstName, lastName: s.lastName, avatar: avatarOf(s.avatar, signer) });

export const presentUserLabel = (u: PersonLabelRow, signer: UrlSigner): PublicUser =>
  presentPublicUser({ user: { id: u.id, firstName: u.firstName, lastName: u.lastName ?? '', accountType: u.accountType ?? 'teacher' }, avatar: u.avatar ? reviveMedia(u.avatar) : null }, signer);

export const presentLinkUser = (u: PersonLabelRow, signer: UrlSigner): LinkUser => ({ ...presentUserLabel(u, signer), accountType: (u.accountType ?? 'teacher') as AccountType });
