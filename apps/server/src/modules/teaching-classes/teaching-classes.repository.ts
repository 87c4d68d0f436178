import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ClassUserType } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { media, schools, teachingClasses, teachingClassTeachers, users } from '../../db/schema';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { classRoleSql, visibleClassIdsSql } from '../../class-access/class-roles';
import { classVisibleSql } from '../../class-access/visibility.sql';
import { classSetVersionSql, classVersionSql } from '../../class-access/class-versions';
import { notObservedCountSql } from '../growth/growth.repository';
import { classJsonSql, membersJsonSql, reviveClassRow, reviveMembers } from './teaching-classes.sql';

export { type ClassWithRelations, type TeachingClassRow } from './teaching-classes.sql';
export type NewTeachingClass = typeof teachingClasses.$inferInsert;

export interface ClassListFilter {
  isFinished?: boolean;
  isIndividual?: boolean;
  subscriptionId?: number;
  /** Class roles to leave out (the exclude… switches of spec §7). */
  excludeRoles: ClassUserType[];
}

const userId = sql.placeholder('userId');

/**
 * The versions of the user's class list and of one class answer, read in the same snapshot as their data. The list
 * carries each class's not-observed count (DESIGN §12), so its ratings' versions count too (the day is the service's).
 */
const listVersionSql = sql<string>`(${classSetVersionSql('classes', visibleClassIdsSql(userId))} || ':' || ${classSetVersionSql(
  'ratings',
  visibleClassIdsSql(userId),
)})`;
const detailVersionSql = classVersionSql('classes', sql`"teaching_class"."id"`);

/** The list's filters, as parameters of one statement: a null (or empty) parameter filters nothing. */
const listWhere = and(
  classVisibleSql(userId),
  sql`(${sql.placeholder('isFinished')}::boolean is null or "teaching_class"."is_finished" = ${sql.placeholder('isFinished')})`,
  sql`(${sql.placeholder('isIndividual')}::boolean is null or "teaching_class"."is_individual" = ${sql.placeholder('isIndividual')})`,
  sql`(${sql.placeholder('subscriptionId')}::integer is null or "teaching_class"."subscription_id" = ${sql.placeholder('subscriptionId')})`,
  sql`not (${classRoleSql(userId)} = any (${sql.placeholder('excludeRoles')}::integer[]))`,
);

/**
 * The hot reads (dashboard and class detail) as prepared statements answering one JSON value per class: planned
 * once per connection, and cheap to receive. The page is chosen first (ids and the total before paging), so that
 * only its rows are dressed.
 */
const statements = preparedPer((db) => {
  const page = db
    .select({ id: teachingClasses.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(teachingClasses)
    .where(listWhere)
    .orderBy(desc(teachingClasses.created), desc(teachingClasses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return {
    list: db
      .select({
        row: classJsonSql(userId),
        notObserved: notObservedCountSql(sql`"teaching_class"."id"`, sql.placeholder('today')),
        total: page.total,
        version: listVersionSql,
      })
      .from(teachingClasses)
      .innerJoin(page, eq(page.id, teachingClasses.id))
      .orderBy(desc(teachingClasses.created), desc(teachingClasses.id))
      .prepare('teaching_class_list'),
    count: db.select({ n: count(), version: listVersionSql }).from(teachingClasses).where(listWhere).prepare('teaching_class_list_count'),
    listVersion: db
      .select({ version: listVersionSql })
      .from(sql`(select 1) as one`)
      .prepare('teaching_class_list_version'),
    detailVersion: db
      .select({ version: classVersionSql('classes', sql.placeholder('id')) })
      .from(sql`(select 1) as one`)
      .prepare('teaching_class_detail_version'),
    detail: db
      .select({ row: classJsonSql(userId), members: membersJsonSql, version: detailVersionSql })
      .from(teachingClasses)
      .where(eq(teachingClasses.id, sql.placeholder('id')))
      .prepare('teaching_class_detail'),
  };
});

export const teachingClassesRepository = {
  /** The classes a user created, co-teaches or evaluates, newest first, with the total and each one's students not observed by `today`. */
  async listVisible(db: DbOrTx, userId: number, f: ClassListFilter, limit: number, offset: number, today: string) {
    const params = {
      userId,
      today,
      isFinished: f.isFinished ?? null,
      isIndividual: f.isIndividual ?? null,
      subscriptionId: f.subscriptionId ?? null,
      excludeRoles: f.excludeRoles,
      limit,
      offset,
    };
    const found = await statements(db).list.execute(params);
    const rows = found.map((r) => ({ ...reviveClassRow(r.row), notObserved: r.notObserved }));
    if (found.length) return { rows, total: found[0]!.total, version: found[0]!.version };
    // An empty page carries no row to read the total and version from.
    const [n] = await statements(db).count.execute(params);
    return { rows, total: n?.n ?? 0, version: n!.version };
  },

  /** The current version of a user's class list: lists cached at another version are stale. */
  async listVersion(db: DbOrTx, userId: number): Promise<string> {
    const [row] = await statements(db).listVersion.execute({ userId });
    return row!.version;
  },

  /** The current version of one class's answer (whoever reads it: access changes bump the class too). */
  async detailVersion(db: DbOrTx, id: number): Promise<string> {
    const [row] = await statements(db).detailVersion.execute({ id });
    return row!.version;
  },

  /** A class for the user, with its co-teachers and students: one round trip. */
  async findWithMembers(db: DbOrTx, id: number, userId: number) {
    const [found] = await statements(db).detail.execute({ id, userId });
    return found ? { row: reviveClassRow(found.row), members: reviveMembers(found.members), version: found.version } : null;
  },

  /** The one class of an invitation code, as much as its summary shows. */
  async findSummaryByCode(db: DbOrTx, code: string, userId: number) {
    const [row] = await db
      .select({
        id: teachingClasses.id,
        name: teachingClasses.name,
        avatar: media,
        school: { id: schools.id, name: schools.name },
        creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, accountType: users.accountType },
        role: classRoleSql(userId),
      })
      .from(teachingClasses)
      .innerJoin(users, eq(users.id, teachingClasses.creatorId))
      .leftJoin(media, eq(media.id, teachingClasses.avatarId))
      .leftJoin(schools, eq(schools.id, teachingClasses.schoolId))
      .where(eq(teachingClasses.invitationCode, code));
    return row ?? null;
  },

  findAccess: classAccessRepository.findAccess,

  /** Locks a class row until the transaction ends (one-student rule of individual classes, owner change); false when it is gone. */
  async lock(tx: DbOrTx, id: number) {
    const rows = await tx.select({ id: teachingClasses.id }).from(teachingClasses).where(eq(teachingClasses.id, id)).for('update');
    return rows.length > 0;
  },

  async isCoTeacher(db: DbOrTx, classId: number, userId: number) {
    const [row] = await db
      .select({ id: teachingClassTeachers.id })
      .from(teachingClassTeachers)
      .where(and(eq(teachingClassTeachers.teachingClassId, classId), eq(teachingClassTeachers.teacherId, userId)));
    return Boolean(row);
  },

  async addCoTeacher(db: DbOrTx, classId: number, userId: number) {
    await db.insert(teachingClassTeachers).values({ teachingClassId: classId, teacherId: userId }).onConflictDoNothing();
  },

  async removeCoTeacher(db: DbOrTx, classId: number, userId: number) {
    await db
      .delete(teachingClassTeachers)
      .where(and(eq(teachingClassTeachers.teachingClassId, classId), eq(teachingClassTeachers.teacherId, userId)));
  },

  countPlaces: classAccessRepository.countPlaces,

  async insert(db: DbOrTx, values: NewTeachingClass) {
    const [row] = await db.insert(teachingClasses).values(values).returning({ id: teachingClasses.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewTeachingClass>) {
    await db
      .update(teachingClasses)
      .set({ ...values, updated: new Date() })
      .where(eq(teachingClasses.id, id));
  },
};
