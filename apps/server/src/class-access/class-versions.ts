import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/*
 * The versions cached answers are checked against (DESIGN §14 "No global lock"): per class, kept by the row triggers
 * of migration 0011 in class_version. `classes` covers a class answer, `ratings` its ratings feed. A write bumps
 * only the classes it touches, so it invalidates nothing cached for another class and waits on no other class's row.
 */
export type VersionOf = 'classes' | 'ratings';

/** One class's version, as text ('0' before its first write since the counters came). */
export const classVersionSql = (what: VersionOf, classId: SQL | Placeholder | number) =>
  sql<string>`(coalesce((select cv.${sql.raw(`"${what}"`)} from class_version cv where cv.teaching_class_id = ${classId}), 0)::text)`;

/**
 * The version of an answer about a set of classes (`ids`, a subquery of class ids, repeats allowed), optionally
 * narrowed to `only`: a digest of each class's id and version, so it changes when any of them is written, and when
 * a class joins or leaves the set (the write that does it bumps that class too).
 */
export const classSetVersionSql = (what: VersionOf, ids: SQL, only?: SQL) => sql<string>`(
  select md5(coalesce(string_agg(cs.id || ':' || coalesce(cv.${sql.raw(`"${what}"`)}, 0), ',' order by cs.id), ''))
  from (select distinct s.id from ${ids} as s(id) ${only ? sql`where s.id = any (${only})` : sql``}) cs
  left join class_version cv on cv.teaching_class_id = cs.id)`;
