import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { schoolNameKey, schools } from '../../db/schema';

export type SchoolRow = typeof schools.$inferSelect & { numTeachers: number };

// Written with explicit table names: drizzle leaves columns unqualified in single-table selects, which a correlated subquery would misread.
/** Teachers whose profile names the school (a correlated subquery on `school`). */
export const numTeachers = sql<number>`(select count(*)::int from app_user u where u.school_id = "school"."id" and u.account_type = 'teacher')`;

/*
 * A school's name as people type it (issue 36 §9): case, spacing and the accents of Latin letters aside, so that
 * "ecole st-jean" finds and joins "École St-Jean". A fixed translate() rather than the unaccent extension, which
 * would need creating in every database; the unique index stays on `schoolNameKey` (accents count there).
 */
const ACCENTED = 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž';
const PLAIN = 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz';
const folded = (name: SQLWrapper | string) => sql`translate(${schoolNameKey(name)}, ${ACCENTED}, ${PLAIN})`;

export const schoolsRepository = {
  async findById(db: DbOrTx, id: number): Promise<SchoolRow | null> {
    const [row] = await db
      .select({ ...schoolColumns, numTeachers })
      .from(schools)
      .where(eq(schools.id, id));
    return row ?? null;
  },

  async search(db: DbOrTx, name: string | undefined, limit: number, offset: number) {
    // Spacing, case and accents aside, as a school is matched when named (`folded`).
    const where = name ? sql`${folded(schools.name)} like '%' || ${folded(name.replace(/[\\%_]/g, (c) => `\\${c}`))} || '%'` : undefined;
    return page(
      db
        .select({ ...schoolColumns, numTeachers })
        .from(schools)
        .where(where)
        .orderBy(asc(schools.name), asc(schools.id))
        .limit(limit)
        .offset(offset),
      countOf(db, schools, where),
    );
  },

  /** The school of that name (case, spacing and accents aside); of several, the one spelled alike, else the oldest. */
  async findByName(db: DbOrTx, name: string) {
    const [row] = await db
      .select({ id: schools.id })
      .from(schools)
      .where(sql`${folded(schools.name)} = ${folded(name)}`)
      .orderBy(sql`${schoolNameKey(schools.name)} = ${schoolNameKey(name)} desc`, asc(schools.id))
      .limit(1);
    return row ?? null;
  },

  /** Inserts a school unless one of that name (as the unique index compares) exists: then null. */
  async insertUnlessNamed(db: DbOrTx, name: string) {
    const [row] = await db.insert(schools).values({ name }).onConflictDoNothing().returning({ id: schools.id });
    return row?.id ?? null;
  },
};

const schoolColumns = { id: schools.id, name: schools.name, created: schools.created, updated: schools.updated };
