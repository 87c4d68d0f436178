import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { accessLogs, students, teachingClasses, users } from '../../db/schema';

export interface AccessLogScope {
  /** The classes whose students' logs are read; undefined: every log (platform admins). */
  classIds?: SQL | number[];
  studentIds?: number[];
}

const inClasses = (ids: SQL | number[]) =>
  Array.isArray(ids)
    ? sql`(${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : ids;

/**
 * Reads in these classes, and reads across classes (teachingClass null: a report over every class the reader may see)
 * of the students who have a place in them.
 */
const ofClasses = (ids: SQL | number[]) =>
  or(
    sql`"access_log"."teaching_class_id" in ${inClasses(ids)}`,
    and(
      isNull(accessLogs.teachingClassId),
      sql`"access_log"."student_id" in (select ps.student_id from teaching_class_student ps where ps.teaching_class_id in ${inClasses(ids)})`,
    ),
  );

export const accessLogsRepository = {
  /** The classes the user created (the only teachers who read their students' access log). */
  createdClassIdsSql: (userId: number) => sql`(select oc.id from teaching_class oc where oc.creator_id = ${userId})`,

  async createsAnyClass(db: DbOrTx, userId: number) {
    const [row] = await db.select({ id: teachingClasses.id }).from(teachingClasses).where(eq(teachingClasses.creatorId, userId)).limit(1);
    return Boolean(row);
  },

  async list(db: DbOrTx, s: AccessLogScope, limit: number, offset: number) {
    const where = and(
      s.classIds ? ofClasses(s.classIds) : undefined,
      s.studentIds ? inArray(accessLogs.studentId, s.studentIds) : undefined,
    );
    return page(
      db
        .select({
          log: accessLogs,
          user: { id: users.id, firstName: users.firstName, lastName: users.lastName, accountType: users.accountType },
          student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
          teachingClass: { id: teachingClasses.id, name: teachingClasses.name },
        })
        .from(accessLogs)
        .innerJoin(students, eq(students.id, accessLogs.studentId))
        .leftJoin(users, eq(users.id, accessLogs.userId))
        .leftJoin(teachingClasses, eq(teachingClasses.id, accessLogs.teachingClassId))
        .where(where)
        .orderBy(desc(accessLogs.created), desc(accessLogs.id))
        .limit(limit)
        .offset(offset),
      countOf(db, accessLogs, where),
    );
  },
};

export type AccessLogRow = Awaited<ReturnType<typeof accessLogsRepository.list>>['rows'][number];
