import {
  EntityType,
  MediaType,
  NotificationType,
  type Violation,
  type teachingClassStudentCopyBody,
  type teachingClassStudentCreateBody,
  type teachingClassStudentListQuery,
  type teachingClassStudentPatchBody,
  type ListQueryOutput,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, ValidationError, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { brokenUniqueIndex, newInvitationCode, normalizeInvitationCode, withFreshCode } from '../../lib/invitation-code';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { withErasure } from '../../records/erasure';
import { placeErasurePreview } from '../../records/place-erasure';
import { notificationsService } from '../notifications/notifications.service';
import { mediaRepository } from '../media/media.repository';
import { studentsRepository } from '../students/students.repository';
import { INDIVIDUAL_ONE_STUDENT } from '../../class-access/class-roles';
import { authorize, can, knows } from '../../class-access/access-rules';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { teachingClassStudentsRepository as repo, type PlaceWithAccess } from './teaching-class-students.repository';

type CreateBody = z.output<typeof teachingClassStudentCreateBody>;
type PatchBody = z.output<typeof teachingClassStudentPatchBody>;
type CopyBody = z.output<typeof teachingClassStudentCopyBody>;
type ListQuery = ListQueryOutput<typeof teachingClassStudentListQuery>;

const MSG = {
  notFound: 'Teaching class student not found.',
  classRef: 'This teaching class does not exist.',
  classGone: 'This teaching class was deleted meanwhile.',
  placeRef: 'This teaching class student does not exist.',
  avatar: 'This value should be one of your student avatar images or a predefined one.',
  duplicate: 'This student is already in this class.',
};

/** A place the user may see (teacher, evaluator or linked user); anything else does not exist for them. */
async function visiblePlace(db: DbOrTx, p: Principal, id: number) {
  const row = await repo.findWithAccess(db, id, p.userId);
  authorize(p, 'place.read', row);
  return row;
}

async function manageablePlace(db: DbOrTx, p: Principal, id: number) {
  const row = await repo.findWithAccess(db, id, p.userId);
  authorize(p, 'place.manage', row);
  return row;
}

/** A student avatar is an upload of the user's own (32) or one of the predefined set (38); what the place has is kept. */
async function checkAvatar(db: DbOrTx, p: Principal, avatarId: number | null | undefined, current: number | null = null) {
  if (!avatarId || avatarId === current) return;
  const m = await mediaRepository.findById(db, avatarId);
  const ok =
    m && (m.mediaType === MediaType.PredefinedStudentAvatar || (m.mediaType === MediaType.StudentAvatar && m.uploaderId === p.userId));
  if (!ok) throw violation('avatar', MSG.avatar);
}

/** A destination class named in a body: unseen → 400 on the property (like a reference to nothing), seen but not a teacher → 403. */
async function destination(db: DbOrTx, p: Principal, classId: number) {
  const row = await classAccessRepository.findAccess(db, classId, p.userId);
  if (!row || !knows(p, 'class', row)) throw violation('teachingClass', MSG.classRef);
  authorize(p, 'class.manageStudents', row);
  refuseIfFinished(row.cls);
  return row.cls;
}

/**
 * Locks the destination class (it may have been deleted or finished since it was checked) and holds the one-student
 * rule of individual classes.
 */
async function lockWithRoom(tx: DbOrTx, cls: { id: number; isIndividual: boolean }, adding: number, propertyPath: string) {
  if (!(await lockOpenClass(tx, cls.id, 'update'))) throw notFound(MSG.classGone);
  if (cls.isIndividual && (await classAccessRepository.countPlaces(tx, cls.id)) + adding > 1)
    throw violation(propertyPath, INDIVIDUAL_ONE_STUDENT);
}

export const teachingClassStudentsService = {
  get: visiblePlace,

  async list(db: DbOrTx, p: Principal, q: ListQuery) {
    const invitationCode = q.invitationCode !== undefined ? normalizeInvitationCode(q.invitationCode) : undefined;
    return repo.listVisible(
      db,
      p.userId,
      { ids: q.id, classIds: q['teachingClass.id'], studentIds: q['student.id'], invitationCode },
      q.itemsPerPage,
      offsetOf(q),
    );
  },

  /** Creates the Student and their place in the class, with a fresh invitation code. */
  async create(db: Db, p: Principal, b: CreateBody) {
    const cls = await destination(db, p, b.teachingClass);
    await checkAvatar(db, p, b.avatar);
    const person = { firstName: b.firstName, lastName: b.lastName, code: b.code, avatarId: b.avatar ?? null, creatorId: p.userId };
    return withFreshCode(() =>
      db.transaction(async (tx) => {
        await lockWithRoom(tx, cls, 1, 'teachingClass');
        const studentId = await studentsRepository.insert(tx, person);
        const familyLanguage = b.familyLanguage ?? null;
        return repo.insert(tx, { ...person, familyLanguage, studentId, teachingClassId: cls.id, invitationCode: newInvitationCode() });
      }),
    );
  },

  /** Changes a place; the Student follows while this is their only place (a typo fixed in the one class reaches the person). */
  async patch(db: Db, files: FileStore, p: Principal, id: number, b: PatchBody) {
    const { place } = await manageablePlace(db, p, id);
    await checkAvatar(db, p, b.avatar, place.avatarId);
    const values = { firstName: b.firstName, lastName: b.lastName, code: b.code, avatarId: b.avatar };
    await withErasure({ db, files }, async (e) => {
      if (!(await lockOpenClass(e.tx, place.teachingClassId))) throw notFound(MSG.notFound);
      const studentAvatar = await studentsRepository.avatarId(e.tx, place.studentId);
      // The letter's language belongs to the place (the family of this class), never to the Student.
      await repo.update(e.tx, id, { ...values, familyLanguage: b.familyLanguage });
      if ((await repo.countOtherPlaces(e.tx, place.studentId, id)) === 0) await studentsRepository.update(e.tx, place.studentId, values);
      // The avatars it had go when nothing else uses them (DESIGN §6).
      if (b.avatar !== undefined) await e.media([place.avatarId, studentAvatar]);
    });
  },

  /** Gives a place a new parent-link code (class teachers): the old code stops working; existing links stay. */
  async regenerateCode(db: Db, p: Principal, id: number) {
    const { place } = await manageablePlace(db, p, id);
    await withFreshCode(() =>
      db.transaction(async (tx) => {
        if (!(await lockOpenClass(tx, place.teachingClassId))) throw notFound(MSG.notFound);
        await repo.update(tx, id, { invitationCode: newInvitationCode() });
      }),
    );
  },

  /** What removing the place would erase, for the teacher who may remove it (the erasure layer counts it). */
  async erasurePreview(db: DbOrTx, p: Principal, id: number) {
    await manageablePlace(db, p, id);
    return placeErasurePreview(db, id);
  },

  /**
   * Removes a student from a class with all that goes with it (the erasure layer says what); 404 when it went
   * meanwhile. The users whose link ended are told in the same transaction, naming the class only (type 15).
   */
  async remove(db: Db, files: FileStore, p: Principal, id: number) {
    const { place, className } = await manageablePlace(db, p, id);
    const removed = await withErasure({ db, files }, async (e) => {
      // The lock erasure takes on the class anyway (records/erasure.ts), asked first whether the class is open.
      if (!(await lockOpenClass(e.tx, place.teachingClassId, 'no key update'))) return null;
      const gone = await e.place(id);
      if (gone?.linkedUserIds.length)
        await notificationsService.notify(e.tx, {
          recipients: gone.linkedUserIds,
          notificationType: NotificationType.StudentLinkEnded,
          entityType: EntityType.TeachingClass,
          entityId: place.teachingClassId,
          params: { class: className },
          path: null,
        });
      return gone;
    });
    if (!removed) throw notFound(MSG.notFound);
  },

  /**
   * Copies places the user can see into a destination class, re-using each Student (DESIGN §3). All or nothing:
   * any unseen source, or a student already in the destination (or named twice), is a 400 and nothing is copied.
   */
  async copy(db: Db, p: Principal, b: CopyBody) {
    const cls = await destination(db, p, b.teachingClass);
    const sources = new Map<number, PlaceWithAccess>(
      (await repo.findManyWithAccess(db, b.teachingClassStudents, p.userId)).map((r) => [r.place.id, r]),
    );
    const v: Violation[] = [];
    const present = await repo.studentsIn(
      db,
      cls.id,
      [...sources.values()].map((s) => s.place.studentId),
    );
    const taken = new Set(present);
    b.teachingClassStudents.forEach((id, i) => {
      const src = sources.get(id);
      // Dotted like the contract's own violations (toViolations joins zod paths with dots).
      const path = `teachingClassStudents.${i}`;
      if (!src || !can(p, 'place.read', src)) v.push({ propertyPath: path, message: MSG.placeRef });
      else if (taken.has(src.place.studentId)) v.push({ propertyPath: path, message: MSG.duplicate });
      else taken.add(src.place.studentId);
    });
    if (v.length) throw new ValidationError(v);
    let ids: number[];
    try {
      ids = await withFreshCode(() =>
        db.transaction(async (tx) => {
          await lockWithRoom(tx, cls, b.teachingClassStudents.length, 'teachingClassStudents');
          const ids: number[] = [];
          for (const id of b.teachingClassStudents) {
            const { place } = sources.get(id)!;
            // The family reads the same language in every class of their child.
            const { firstName, lastName, code, avatarId, familyLanguage } = place;
            const copy = { firstName, lastName, code, avatarId, familyLanguage };
            ids.push(
              await repo.insert(tx, {
                ...copy,
                studentId: place.studentId,
                teachingClassId: cls.id,
                creatorId: p.userId,
                invitationCode: newInvitationCode(),
              }),
            );
          }
          return ids;
        }),
      );
    } catch (e) {
      // Another request added one of these students meanwhile: the unique index refuses, the copy is rolled back.
      if (brokenUniqueIndex(e)?.includes('teaching_class_student_uq')) throw violation('teachingClassStudents', MSG.duplicate);
      throw e;
    }
    const rows = new Map((await repo.findManyWithAccess(db, ids, p.userId)).map((r) => [r.place.id, r]));
    return ids.map((id) => rows.get(id)!);
  },
};
