import sharp from 'sharp';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { EntityType } from '@skillroom/contract';
import { catalogueSql, referencedSql } from '../src/records/erasure.sql';
import type { TestServer } from './harness';
import { upload } from './media';

type Rows<T> = { rows: T[] };
const rows = async <T>(s: TestServer, query: ReturnType<typeof sql>) => ((await s.ctx.db.execute(query)) as unknown as Rows<T>).rows;

let shade = 0;
/** A small PNG, a new colour each time so that no two uploads are the same bytes. */
export const png = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: ++shade % 256, g: (shade * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();

/** Uploads a real file through the API (the test server's real file store keeps it); answers the media item. */
export async function uploadImage(s: TestServer, token: string, mediaType: number) {
  const res = await upload(s, token, mediaType, { filename: 'p.png', type: 'image/png', content: await png() });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; '@id': string; url: string };
}

/** Where the 2x variant of a thumbnail is kept: written out here rather than imported, so the rule itself is tested. */
const variant2x = (thumbKey: string) => thumbKey.replace(/\.webp$/, '@2x.webp');

/**
 * The storage keys of a media row (its file, thumbnail and the thumbnail's 2x variant), read before a deletion, to
 * prove afterwards that the files left the store. Each must be stored now, so that "gone afterwards" means something.
 */
export async function keysOf(s: TestServer, mediaId: number) {
  const [row] = await rows<{ storage_key: string; thumb_key: string | null }>(
    s,
    sql`select storage_key, thumb_key from media where id = ${mediaId}`,
  );
  if (!row) throw new Error(`no media ${mediaId}`);
  const keys = [row.storage_key, ...(row.thumb_key ? [row.thumb_key, variant2x(row.thumb_key)] : [])];
  const stored = await storedKeys(s);
  expect(
    keys.filter((k) => !stored.has(k)),
    `files of media ${mediaId} missing before its deletion`,
  ).toEqual([]);
  return keys;
}

export async function storedKeys(s: TestServer) {
  const keys = new Set<string>();
  for await (const f of s.ctx.files.list()) keys.add(f.key);
  return keys;
}

/** Whether none of these media rows and none of their files exist any more. */
export async function expectErased(s: TestServer, mediaIds: number[], keys: string[]) {
  const left = await rows<{ id: number }>(
    s,
    sql`select id from media where id in (${sql.join(
      mediaIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  expect(
    left.map((r) => Number(r.id)),
    'media rows left',
  ).toEqual([]);
  const stored = await storedKeys(s);
  expect(
    keys.filter((k) => stored.has(k)),
    'files left in the store',
  ).toEqual([]);
}

/**
 * The store holds no file and the database no row that nothing refers to (DESIGN §6): media rows without owner
 * (uploads not attached yet may be named in `unattached`), rows without their file, files without a row, students
 * without a place, ratings naming students that name none, and notifications pointing at nothing.
 */
export async function expectNoOrphans(s: TestServer, o: { unattached?: number[] } = {}) {
  const unattached = new Set(o.unattached ?? []);
  const ownerless = await rows<{ id: number }>(s, sql`select id from media where not ${catalogueSql} and not ${referencedSql} order by id`);
  expect(
    ownerless.map((r) => Number(r.id)).filter((id) => !unattached.has(id)),
    'media rows nothing refers to',
  ).toEqual([]);

  const media = await rows<{ id: number; storage_key: string; thumb_key: string | null }>(
    s,
    sql`select id, storage_key, thumb_key from media`,
  );
  const stored = await storedKeys(s);
  const named = new Set(media.flatMap((m) => [m.storage_key, ...(m.thumb_key ? [m.thumb_key, variant2x(m.thumb_key)] : [])]));
  expect(
    [...stored].filter((k) => !named.has(k)),
    'files without a row',
  ).toEqual([]);
  // Catalogue rows made by tests without a file (makeMedia) are not uploads; every upload has its file.
  const uploads = media.filter((m) => !m.storage_key.startsWith('test/'));
  expect(
    uploads.filter((m) => !stored.has(m.storage_key)).map((m) => Number(m.id)),
    'rows without their file',
  ).toEqual([]);

  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'students without a place',
      sql`select id from student st where not exists (select 1 from teaching_class_student p where p.student_id = st.id)`,
    ],
    [
      'ratings that named students and name none',
      sql`select id from rating r where not r.is_whole_class and not exists (select 1 from rating_student x where x.rating_id = r.id)`,
    ],
    [
      'notifications about a class that is gone',
      sql`select id from notification n where n.entity_type = ${EntityType.TeachingClass} and not exists (select 1 from teaching_class x where x.id = n.entity_id)`,
    ],
    [
      'notifications about a co-teacher row that is gone',
      sql`select id from notification n where n.entity_type = ${EntityType.TeachingClassTeacher} and not exists (select 1 from teaching_class_teacher x where x.id = n.entity_id)`,
    ],
    [
      'notifications about a teacher request that is gone',
      sql`select id from notification n where n.entity_type = ${EntityType.TeacherInvitation} and not exists (select 1 from teaching_class_teacher_invitation x where x.id = n.entity_id)`,
    ],
    [
      'notifications about a link request that is gone',
      sql`select id from notification n where n.entity_type = ${EntityType.StudentProfileUserInvitation} and not exists (select 1 from student_profile_user_invitation x where x.id = n.entity_id)`,
    ],
    [
      'links whose place is in another class',
      sql`select l.id from student_profile_user l join teaching_class_student p on p.id = l.teaching_class_student_id where p.teaching_class_id <> l.teaching_class_id`,
    ],
  ];
  for (const [what, query] of checks)
    expect(
      (await rows<{ id: number }>(s, query)).map((r) => Number(r.id)),
      what,
    ).toEqual([]);
}
