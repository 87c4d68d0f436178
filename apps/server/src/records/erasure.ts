// stand-in: replaced at merge by the erasure branch
import { sql } from 'drizzle-orm';
import { EntityType } from '@skillroom/contract';
import type { Db, DbOrTx } from '../db/client';
import type { FileStore } from '../lib/file-store';

export interface ErasureContext {
  db: Db;
  files: FileStore;
}

export interface OrphanReport {
  rowsWithoutOwner: { id: number; storageKey: string }[];
  filesWithoutRow: string[];
}

type Rows<T> = { rows: T[] };
type MediaKeys = { id: number; storage_key: string; thumb_key: string | null };

/** A media row something still refers to (an avatar, an icon, a rating's attachment). */
const referenced = sql`(exists (select 1 from rating_media r where r.media_id = m.id)
  or exists (select 1 from app_user u where u.avatar_id = m.id)
  or exists (select 1 from student s where s.avatar_id = m.id)
  or exists (select 1 from teaching_class_student p where p.avatar_id = m.id)
  or exists (select 1 from teaching_class c where c.avatar_id = m.id)
  or exists (select 1 from learning_skill k where k.avatar_id = m.id))`;

async function deleteUnreferenced(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = (await tx.execute(
    sql`delete from media m where m.id in (${list}) and not ${referenced} returning m.id, m.storage_key, m.thumb_key`,
  )) as unknown as Rows<MediaKeys>;
  return res.rows;
}

async function removeFiles(files: FileStore, rows: MediaKeys[]) {
  const keys = rows.flatMap((r) => [r.storage_key, r.thumb_key]).filter((k): k is string => Boolean(k));
  await Promise.allSettled(keys.map((k) => files.remove(k)));
}

/** Deletes the classes and everything in them in one transaction, then their files from the store. */
export async function eraseClassesNow(ctx: ErasureContext, classIds: number[]): Promise<void> {
  if (!classIds.length) return;
  const ids = sql.join(
    classIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const gone = await ctx.db.transaction(async (tx) => {
    const media = (await tx.execute(sql`select rm.media_id as id from rating_media rm join rating r on r.id = rm.rating_id where r.teaching_class_id in (${ids})
      union select p.avatar_id from teaching_class_student p where p.teaching_class_id in (${ids}) and p.avatar_id is not null`)) as unknown as Rows<{
      id: number;
    }>;
    const students = (await tx.execute(
      sql`select distinct student_id as id from teaching_class_student where teaching_class_id in (${ids})`,
    )) as unknown as Rows<{ id: number }>;
    await tx.execute(sql`delete from notification where entity_type = ${EntityType.TeachingClass} and entity_id in (${ids})`);
    await tx.execute(sql`delete from teaching_class where id in (${ids})`);
    const studentIds = students.rows.map((r) => r.id);
    const avatars: number[] = [];
    if (studentIds.length) {
      const list = sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const orphans = (await tx.execute(
        sql`delete from student s where s.id in (${list}) and not exists (select 1 from teaching_class_student p where p.student_id = s.id) returning s.avatar_id`,
      )) as unknown as Rows<{ avatar_id: number | null }>;
      for (const o of orphans.rows) if (o.avatar_id) avatars.push(o.avatar_id);
    }
    return deleteUnreferenced(tx, [...media.rows.map((r) => r.id), ...avatars]);
  });
  await removeFiles(ctx.files, gone);
}

/**
 * Media rows nothing refers to: uploads (they have an uploader) older than `unattachedHours`. Predefined catalogue
 * media (no uploader) are kept. The stand-in does not list the store, so `filesWithoutRow` stays empty.
 */
export async function sweepOrphanMedia(ctx: ErasureContext, opts: { delete: boolean; unattachedHours: number }): Promise<OrphanReport> {
  const cutoff = new Date(Date.now() - opts.unattachedHours * 3600_000).toISOString();
  const found = (await ctx.db.execute(
    sql`select m.id, m.storage_key, m.thumb_key from media m where m.uploader_id is not null and m.created < ${cutoff}::timestamptz and not ${referenced} order by m.id`,
  )) as unknown as Rows<MediaKeys>;
  let rows = found.rows;
  if (opts.delete && rows.length) {
    rows = await ctx.db.transaction((tx) =>
      deleteUnreferenced(
        tx,
        found.rows.map((r) => r.id),
      ),
    );
    await removeFiles(ctx.files, rows);
  }
  return { rowsWithoutOwner: rows.map((r) => ({ id: r.id, storageKey: r.storage_key })), filesWithoutRow: [] };
}
