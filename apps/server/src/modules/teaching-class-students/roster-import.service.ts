import { ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, violation } from '../../http/errors';
import { brokenUniqueIndex, newInvitationCode, withFreshCode } from '../../lib/invitation-code';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { studentsRepository } from '../students/students.repository';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { INDIVIDUAL_ONE_STUDENT } from '../../class-access/class-roles';
import { authorize } from '../../class-access/access-rules';
import { classifyRows, codeKey, summarize, type JudgedRow } from './roster-classify';
import type { ReadRoster } from './roster-parse';
import { teachingClassStudentsRepository as repo, type PlaceWithAccess } from './teaching-class-students.repository';

export interface RosterImportInput {
  teachingClass: number;
  dryRun: boolean;
  /** Reads the file or text; called once the class is known to be the user's to change. */
  read: () => Promise<ReadRoster>;
}

export interface RosterImportOutcome {
  rows: JudgedRow[];
  ignored: number;
  /** The places made, in row order, each with the line it came from (none on a dry run). */
  created: { line: number; place: PlaceWithAccess }[];
}

type Cls = { id: number; isIndividual: boolean };

/** The class to import into: unseen (another teacher's, a parent's view) 404, an evaluator's 403, finished 409. */
async function importDestination(db: DbOrTx, p: Principal, classId: number) {
  const row = await classAccessRepository.findAccess(db, classId, p.userId);
  authorize(p, 'class.manageStudents', row);
  refuseIfFinished(row.cls);
  return row.cls;
}

/** Each row judged against the class as it is and the Students the user can see by code. */
async function judge(db: DbOrTx, p: Principal, classId: number, roster: ReadRoster) {
  const codes = [...new Set(roster.rows.map((r) => r.code).filter(Boolean))];
  const [members, found] = await Promise.all([repo.members(db, classId), studentsRepository.findVisibleByCodes(db, p.userId, codes)]);
  const wanted = new Set(codes.map(codeKey));
  return {
    members,
    rows: classifyRows(
      roster.rows,
      members,
      found.filter((k) => wanted.has(codeKey(k.code))),
    ),
  };
}

const addable = (r: JudgedRow) => r.status === 'new' || r.status === 'existing';

/** Writes every new and existing row in one transaction, under the class's lock, judged again there; all or nothing. */
async function write(db: Db, p: Principal, cls: Cls, roster: ReadRoster) {
  return withFreshCode(() =>
    db.transaction(async (tx) => {
      if (!(await lockOpenClass(tx, cls.id, 'update'))) throw notFound('Teaching class not found.');
      const { members, rows } = await judge(tx, p, cls.id, roster);
      const adding = rows.filter(addable);
      if (!adding.length) throw violation('rows', ROSTER_IMPORT_MESSAGES.nothingToAdd);
      if (cls.isIndividual && members.length + adding.length > 1) throw violation('rows', INDIVIDUAL_ONE_STUDENT);
      const fresh = adding.filter((r) => r.status === 'new');
      const person = (r: JudgedRow) => ({ firstName: r.firstName, lastName: r.lastName, code: r.code });
      const newIds = await studentsRepository.insertMany(
        tx,
        fresh.map((r) => ({ ...person(r), avatarId: null, creatorId: p.userId })),
      );
      const studentOf = new Map(fresh.map((r, i) => [r, newIds[i]!]));
      const placeIds = await repo.insertMany(
        tx,
        adding.map((r) => ({
          ...person(r),
          studentId: r.student ? r.student.id : studentOf.get(r)!,
          avatarId: r.student?.avatarId ?? null,
          teachingClassId: cls.id,
          creatorId: p.userId,
          invitationCode: newInvitationCode(),
        })),
      );
      return { rows, made: adding.map((r, i) => ({ line: r.line, id: placeIds[i]! })) };
    }),
  );
}

export const rosterImportService = {
  /**
   * Roster import (DESIGN §8): reads the input, judges each row, and without `dryRun` adds every `new` and `existing`
   * row in one transaction (a `new` row makes a Student; an `existing` one re-uses it, as copy does), or nothing.
   */
  async run(db: Db, p: Principal, input: RosterImportInput): Promise<RosterImportOutcome> {
    const cls = await importDestination(db, p, input.teachingClass);
    const roster = await input.read();
    if (input.dryRun) {
      const { rows } = await judge(db, p, cls.id, roster);
      return { rows, ignored: roster.ignored, created: [] };
    }
    let written: Awaited<ReturnType<typeof write>>;
    try {
      written = await write(db, p, cls, roster);
    } catch (e) {
      // A write that skipped the class lock put one of these Students in the class meanwhile: nothing was written.
      if (brokenUniqueIndex(e)?.includes('teaching_class_student_uq')) throw conflict('The class changed meanwhile: please try again.');
      throw e;
    }
    const places = new Map(
      (
        await repo.findManyWithAccess(
          db,
          written.made.map((m) => m.id),
          p.userId,
        )
      ).map((r) => [r.place.id, r]),
    );
    return { rows: written.rows, ignored: roster.ignored, created: written.made.map((m) => ({ line: m.line, place: places.get(m.id)! })) };
  },

  summarize,
};
