import {
  CLASS_MESSAGES,
  ClassUserType,
  MediaType,
  type Violation,
  type teachingClassCreateBody,
  type teachingClassListQuery,
  type ListQueryOutput,
  type teachingClassPatchBody,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, ValidationError, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { newInvitationCode, normalizeInvitationCode, withFreshCode } from '../../lib/invitation-code';
import type { FileStore } from '../../lib/file-store';
import { CLASS_NOT_FOUND, INDIVIDUAL_ONE_STUDENT } from '../../class-access/class-roles';
import { authorize, permitAccount, type Action } from '../../class-access/access-rules';
import { refuseIfFinished } from '../../records/class-state';
import { withErasure } from '../../records/erasure';
import type { Principal } from '../../plugins/auth';
import { educationLevelsRepository } from '../education-levels/education-levels.repository';
import { mediaRepository } from '../media/media.repository';
import { schoolsRepository } from '../schools/schools.repository';
import { subscriptionsPolicy } from '../subscriptions/subscriptions.policy';
import { subscriptionsRepository, type SubscriptionRow } from '../subscriptions/subscriptions.repository';
import { learningSkillsRepository } from '../learning-skills/learning-skills.repository';
import { today } from '../growth/growth.repository';
import { usersRepository } from '../users/users.repository';
import { classTeachersRepository } from '../class-teachers/class-teachers.repository';
import { classTeachersService } from '../class-teachers/class-teachers.service';
import { teachingClassesRepository as repo, type NewTeachingClass, type TeachingClassRow } from './teaching-classes.repository';

type CreateBody = z.output<typeof teachingClassCreateBody>;
type PatchBody = z.output<typeof teachingClassPatchBody>;
type ListQuery = ListQueryOutput<typeof teachingClassListQuery>;

type OwnField = 'name' | 'year' | 'start' | 'end' | 'grade' | 'term';

/** The fields a class keeps under the body's own names, as a creation sets them and a change (those given) replaces them. */
const ownFields = <B extends Partial<Pick<CreateBody, OwnField>>>(b: B) =>
  ({
    name: b.name,
    year: b.year,
    start: b.start,
    end: b.end,
    grade: b.grade,
    term: b.term,
  }) as Pick<B, OwnField>;

const MSG = {
  school: 'This school does not exist.',
  educationLevel: 'This education level does not exist.',
  avatar: 'This value should be one of your class avatar images.',
  subscription: 'This value should be one of your subscriptions.',
  individual: 'An individual class needs a subscription that allows individual classes.',
  individualStudents: INDIVIDUAL_ONE_STUDENT,
  creator: 'The new owner must be a co-teacher of this class.',
};

/**
 * Checks the references of a class write and answers the subscription it will have. Every problem is collected
 * into one 400, so that a form shows all its errors at once. `current` is the stored class on PATCH: what it
 * already has is accepted as is (after an owner change the new owner may keep the old owner's avatar).
 */
async function checkReferences(db: DbOrTx, p: Principal, b: Partial<CreateBody>, current: TeachingClassRow | null) {
  const v: Violation[] = [];
  if (b.school && !(await schoolsRepository.findById(db, b.school))) v.push({ propertyPath: 'school', message: MSG.school });
  if (b.educationLevel && !(await educationLevelsRepository.exists(db, b.educationLevel)))
    v.push({ propertyPath: 'educationLevel', message: MSG.educationLevel });
  if (b.avatar && b.avatar !== current?.avatarId) {
    // A class avatar is an upload of the user's own (31) or one of the predefined set (31 without an uploader).
    const m = await mediaRepository.findById(db, b.avatar);
    if (!m || m.mediaType !== MediaType.TeachingClassAvatar || (m.uploaderId !== null && m.uploaderId !== p.userId))
      v.push({ propertyPath: 'avatar', message: MSG.avatar });
  }
  let subscription: SubscriptionRow | null = null;
  const subscriptionId = b.subscription !== undefined ? b.subscription : (current?.subscriptionId ?? null);
  if (subscriptionId) {
    const s = await subscriptionsRepository.findWithRoles(db, subscriptionId, p.userId);
    const kept = subscriptionId === current?.subscriptionId;
    if (s && (kept || subscriptionsPolicy.canAttachClasses(s.userRoles))) subscription = s;
    else v.push({ propertyPath: 'subscription', message: MSG.subscription });
  }
  const isIndividual = b.isIndividual ?? current?.isIndividual ?? false;
  if (isIndividual && !subscription?.canCreateIndividual && !v.some((x) => x.propertyPath === 'subscription'))
    v.push({ propertyPath: 'isIndividual', message: MSG.individual });
  if (v.length) throw new ValidationError(v);
}

/** The class and the user's role in it, for an action on it: 404 when unseen, 403 when seen but not allowed. */
async function classFor(db: DbOrTx, p: Principal, id: number, action: Action = 'class.read') {
  const row = await repo.findAccess(db, id, p.userId);
  authorize(p, action, row);
  return row as { cls: TeachingClassRow; role: ClassUserType };
}

/** The class, for an action only its creator may take (edit, finish, change owner, delete, new code). */
const ownedClass = (db: DbOrTx, p: Principal, id: number, action: Action = 'class.edit') => classFor(db, p, id, action);

/**
 * Retention counts from the day a class is finished (DESIGN §6): finishing stamps it, reopening clears it, and either,
 * or a new end date, withdraws a retention notice already sent (the class is told again when it is next due).
 */
function retentionChanges(cls: TeachingClassRow, b: PatchBody): Partial<NewTeachingClass> {
  const finishing = b.isFinished === true && !cls.isFinished;
  const reopening = b.isFinished === false && cls.isFinished;
  const newEnd = b.end !== undefined && b.end !== cls.end;
  return {
    ...(finishing ? { finishedAt: new Date() } : reopening ? { finishedAt: null } : {}),
    ...(finishing || reopening || newEnd ? { retentionNoticeAt: null } : {}),
  };
}

export const teachingClassesService = {
  classFor,

  async list(db: DbOrTx, p: Principal, q: ListQuery) {
    const excludeRoles = [
      q.excludeOwnTeachingClasses ? ClassUserType.Creator : null,
      q.excludeCoteacherTeachingClasses ? ClassUserType.CoTeacher : null,
      q.excludeEvaluatorTeachingClasses ? ClassUserType.Evaluator : null,
    ].filter((r): r is ClassUserType => r !== null);
    const found = await repo.listVisible(
      db,
      p.userId,
      { isFinished: q.isFinished, isIndividual: q.isIndividual, subscriptionId: q.subscription, excludeRoles },
      q.itemsPerPage,
      offsetOf(q),
      today(),
    );
    // The not-observed counts change with the day as well as with the ratings: a cached list is of its day.
    return { ...found, version: `${found.version}:${today()}` };
  },

  /** Invitation-code lookup (page 1, size 1): any signed-in user finds the one class of the code. */
  async lookup(db: DbOrTx, p: Principal, code: string, q: ListQuery) {
    const normalized = normalizeInvitationCode(code);
    const row = normalized ? await repo.findSummaryByCode(db, normalized, p.userId) : null;
    return { rows: row && offsetOf(q) === 0 ? [row] : [], total: row ? 1 : 0 };
  },

  /** The versions the cached class answers are checked against: the user's list, one class. */
  listVersion: async (db: DbOrTx, p: Principal) => `${await repo.listVersion(db, p.userId)}:${today()}`,
  detailVersion: (db: DbOrTx, id: number) => repo.detailVersion(db, id),

  async detail(db: DbOrTx, p: Principal, id: number) {
    const found = await repo.findWithMembers(db, id, p.userId);
    authorize(p, 'class.read', found?.row);
    return found;
  },

  async create(db: Db, p: Principal, b: CreateBody) {
    permitAccount(await usersRepository.accountType(db, p.userId), 'class.create');
    await checkReferences(db, p, b, null);
    const values: Omit<NewTeachingClass, 'invitationCode'> = {
      ...ownFields(b),
      educationLevelId: b.educationLevel ?? null,
      isIndividual: b.isIndividual ?? false,
      isFinished: b.isFinished ?? false,
      finishedAt: b.isFinished ? new Date() : null,
      schoolId: b.school ?? null,
      avatarId: b.avatar ?? null,
      subscriptionId: b.subscription ?? null,
      creatorId: p.userId,
      // Omitted: the database's default (CLASS_DEFAULT_POINTS.default).
      defaultPoints: b.defaultPoints,
      familyComments: b.familyComments,
      officeHours: b.officeHours ?? null,
      selfAssessment: b.selfAssessment,
      coverageDays: b.coverageDays,
    };
    // A new class starts with the catalogue's learning skills (its teachers then choose).
    return withFreshCode(() =>
      db.transaction(async (tx) => {
        const id = await repo.insert(tx, { ...values, invitationCode: newInvitationCode() });
        await learningSkillsRepository.linkCatalogue(tx, id);
        return id;
      }),
    );
  },

  /** Changed fields, finish / reopen, or an owner change (DESIGN §2), all in one transaction. */
  /** A replaced or removed avatar goes when nothing else uses it (DESIGN §6). */
  async patch(db: Db, files: FileStore, p: Principal, id: number, b: PatchBody) {
    const { cls } = await ownedClass(db, p, id);
    const start = b.start ?? cls.start;
    if ((b.end ?? cls.end) < start) throw violation('end', CLASS_MESSAGES.endBeforeStart);
    await checkReferences(db, p, b, cls);
    const newOwner = b.creator !== undefined && b.creator !== cls.creatorId ? b.creator : null;
    await withErasure({ db, files }, async (e) => {
      const tx = e.tx;
      let formerOwnerRow: number | null = null;
      await repo.lock(tx, id);
      // Checked again under the lock: two owner changes racing must not both win.
      const now = await ownedClass(tx, p, id);
      // A finished class is read-only (DESIGN §7): only reopening it (with or without other changes) gets through.
      if (b.isFinished !== false && Object.entries(b).some(([k, v]) => k !== 'isFinished' && v !== undefined)) refuseIfFinished(now.cls);
      if (newOwner !== null) {
        if (!(await repo.isCoTeacher(tx, id, newOwner))) throw violation('creator', MSG.creator);
        await repo.removeCoTeacher(tx, id, newOwner);
        // The former owner stays as a co-teacher (not by invitation); the other teachers hear of it (type 2).
        formerOwnerRow = await classTeachersRepository.add(tx, id, now.cls.creatorId, false);
      }
      if (b.isIndividual && (await repo.countPlaces(tx, id)) > 1) throw violation('isIndividual', MSG.individualStudents);
      await repo.update(tx, id, {
        ...ownFields(b),
        educationLevelId: b.educationLevel,
        isIndividual: b.isIndividual,
        schoolId: b.school,
        avatarId: b.avatar,
        subscriptionId: b.subscription,
        isFinished: b.isFinished,
        defaultPoints: b.defaultPoints,
        familyComments: b.familyComments,
        officeHours: b.officeHours,
        selfAssessment: b.selfAssessment,
        coverageDays: b.coverageDays,
        ...retentionChanges(now.cls, b),
        creatorId: newOwner ?? undefined,
      });
      if (b.avatar !== undefined && b.avatar !== now.cls.avatarId) await e.media([now.cls.avatarId]);
      if (formerOwnerRow && newOwner !== null)
        await classTeachersService.notifyOwnerChanged(tx, { id, name: b.name ?? cls.name }, formerOwnerRow, cls.creatorId, newOwner);
    });
  },

  /** Deletes the class and everything in it (the erasure layer says what); 404 to all but one of concurrent deletes. */
  async remove(db: Db, p: Principal, id: number, files: FileStore) {
    await ownedClass(db, p, id, 'class.delete');
    const erased = await withErasure({ db, files }, (e) => e.classes([id]));
    if (!erased.length) throw notFound(CLASS_NOT_FOUND);
  },

  async regenerateCode(db: Db, p: Principal, id: number) {
    refuseIfFinished((await ownedClass(db, p, id)).cls);
    await withFreshCode(() => repo.update(db, id, { invitationCode: newInvitationCode() }));
  },
};
