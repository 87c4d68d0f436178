import { asc, count, eq, inArray, sql, and, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media, schools, users } from '../../db/schema';
import { numTeachers } from '../schools/schools.repository';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface UserWithRelations {
  user: UserRow;
  avatar: typeof media.$inferSelect | null;
  school: { id: number; name: string; created: Date; updated: Date; numTeachers: number } | null;
  hasSubscription: boolean;
}

// Explicit table names: drizzle may leave columns unqualified, which a correlated subquery would misread.
const hasSubscription = sql<boolean>`exists (select 1 from subscription_member sm where sm.user_id = "app_user"."id")`;

// Null without a school, so that drizzle still reads the left-joined school as absent.
const schoolTeachers = sql<number>`case when "school"."id" is null then null else ${numTeachers} end`;

export const usersRepository = {
  async findById(db: DbOrTx, id: number): Promise<UserWithRelations | null> {
    const [row] = await db
      .select({
        user: users,
        avatar: media,
        school: { id: schools.id, name: schools.name, created: schools.created, updated: schools.updated, numTeachers: schoolTeachers },
        hasSubscription,
      })
      .from(users)
      .leftJoin(media, eq(media.id, users.avatarId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(eq(users.id, id));
    return row ?? null;
  },

  /** A page of the users in `listed` (a subquery of ids), by name, as others see them; with how many in all. */
  async listPublic(db: DbOrTx, listed: SQL, ids: number[] | undefined, limit: number, offset: number) {
    const where = and(sql`${users.id} in ${listed}`, ids ? inArray(users.id, ids) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          user: { id: users.id, firstName: users.firstName, lastName: users.lastName, accountType: users.accountType },
          avatar: media,
        })
        .from(users)
        .leftJoin(media, eq(media.id, users.avatarId))
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async exists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return Boolean(row);
  },

  async accountType(db: DbOrTx, id: number): Promise<string | null> {
    const [row] = await db.select({ accountType: users.accountType }).from(users).where(eq(users.id, id));
    return row?.accountType ?? null;
  },

  /** The user's preferred language, which texts written for them (stages, exports) are in. */
  async language(db: DbOrTx, id: number): Promise<string> {
    const [row] = await db.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, id));
    return row?.language ?? 'en';
  },

  async findByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
      .limit(1);
    return row ?? null;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row ?? null;
  },

  async usernameTaken(db: DbOrTx, username: string, exceptId = 0) {
    const [row] = await db
      .select({ one: sql`1` })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)));
    return Boolean(row);
  },

  async emailTaken(db: DbOrTx, email: string, exceptId = 0) {
    const [row] = await db
      .select({ one: sql`1` })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)));
    return Boolean(row);
  },

  async insert(db: DbOrTx, values: NewUser) {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewUser>) {
    await db
      .update(users)
      .set({ ...values, updated: new Date() })
      .where(eq(users.id, id));
  },

  /** Every account, for the admin tool. */
  listAll: (db: DbOrTx) =>
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        accountType: users.accountType,
        roles: users.roles,
      })
      .from(users)
      .orderBy(asc(users.id)),
};
