import {
  LEARNING_SKILL_LIMITS,
  LOCALES,
  type ListQueryOutput,
  LEARNING_SKILL_MESSAGES as MSG,
  type learningActionCreateBody,
  type learningActionListQuery,
  type learningActionPatchBody,
  type learningSkillCreateBody,
  type learningSkillListQuery,
  type learningSkillPatchBody,
  type teachingClassLearningSkillCreateBody,
  type teachingClassLearningSkillListQuery,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { StoredStage } from '../../db/schema';
import { conflict, forbidden, notFound, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import type { FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/auth';
import { withErasure } from '../../records/erasure';
import { mediaRepository } from '../media/media.repository';
import { authorize, knows, permit, permitAccount } from '../../class-access/access-rules';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { usersRepository } from '../users/users.repository';
import { learningSkillsPolicy as policy } from './learning-skills.policy';
import { learningSkillsRepository as repo } from './learning-skills.repository';
import { translateIn } from './learning-skills.presenter';
import { translator } from '../translations/translations.service';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';

const NOT_FOUND = {
  skill: 'Learning skill not found.',
  action: 'Learning action not found.',
  link: 'Teaching class learning skill not found.',
};
const REF = {
  teachingClass: 'This teaching class does not exist.',
  learningSkill: 'This learning skill does not exist.',
  avatar: 'This value should be one of your skill icons or a predefined one.',
  actionsMax: `A skill has at most ${LEARNING_SKILL_LIMITS.actionsMax} actions.`,
};

/** A class named in a body whose skills the user would change: unseen → 400 on the property, seen but not a teacher → 403. */
async function classToManage(db: DbOrTx, p: Principal, classId: number) {
  const row = await classAccessRepository.findAccess(db, classId, p.userId);
  if (!row || !knows(p, 'class', row)) throw violation('teachingClass', REF.teachingClass);
  authorize(p, 'class.manageSkills', row);
  refuseIfFinished(row.cls);
  return row.cls;
}

/** Locks the class for the change to its skills (DESIGN §7: a finished class is read-only); 400 when it went meanwhile. */
async function lockClassSkills(tx: DbOrTx, classId: number) {
  if (!(await lockOpenClass(tx, classId))) throw violation('teachingClass', REF.teachingClass);
}

async function checkIcon(db: DbOrTx, p: Principal, avatarId: number | null | undefined, current: number | null = null) {
  if (!avatarId || avatarId === current) return;
  const m = await mediaRepository.findById(db, avatarId);
  if (!m || !policy.canUseIcon(p.userId, m)) throw violation('avatar', REF.avatar);
}

async function visibleSkill(db: DbOrTx, p: Principal, id: number) {
  const row = await repo.findVisible(db, id, p.userId);
  if (!row) throw notFound(NOT_FOUND.skill);
  return row;
}

async function editableSkill(db: DbOrTx, p: Principal, id: number, propertyPath?: string) {
  const row = await repo.findVisible(db, id, p.userId);
  if (!row) throw propertyPath ? violation(propertyPath, REF.learningSkill) : notFound(NOT_FOUND.skill);
  if (row.skill.isPublic) throw forbidden(MSG.catalogue);
  // Found is seen (the SQL decided it): only whether the user may change it is asked.
  permit(p, 'skill.edit', { role: null, ownerId: row.skill.creatorId });
  return row;
}

/** An action whose skill the user may see (404 otherwise) and may edit (403 otherwise). */
async function editableAction(db: DbOrTx, p: Principal, id: number) {
  const action = await repo.findAction(db, id);
  if (!action || !(await repo.findVisible(db, action.learningSkillId, p.userId))) throw notFound(NOT_FOUND.action);
  await editableSkill(db, p, action.learningSkillId);
  return action;
}

/** The reader's texts: stages are answered in their language (DESIGN §12). */
export const readerTexts = async (db: DbOrTx, p: Principal) => translateIn(await usersRepository.language(db, p.userId));

/**
 * Stages as their writer wrote them. A stage sent back as read (the generic texts in the reader's language, with their
 * key) keeps its key and English texts, so it stays translated; any other text is the writer's own.
 */
const writtenStages = (stages: (Omit<StoredStage, 'key'> & { translationKey: string | null })[] | undefined): StoredStage[] | undefined =>
  stages?.map((x) => {
    const key = x.translationKey?.startsWith('learning_stage.') ? x.translationKey : null;
    const same =
      key && LOCALES.some((l) => translator(l)(`${key}.name`) === x.name && translator(l)(`${key}.description`) === x.description);
    if (key && same) {
      const en = translator('en');
      return { points: x.points, name: en(`${key}.name`), description: en(`${key}.description`), key };
    }
    return { points: x.points, name: x.name, description: x.description, key: null };
  });

export const learningSkillsService = {
  get: visibleSkill,

  list: (db: DbOrTx, p: Principal, q: ListQueryOutput<typeof learningSkillListQuery>) =>
    repo.listVisible(db, p.userId, { ids: q.id, isPublic: q.isPublic, creatorIds: q['creator.id'] }, q.itemsPerPage, offsetOf(q)),

  /** A custom skill; made from a class, the class uses it at once. */
  async create(db: Db, p: Principal, b: z.output<typeof learningSkillCreateBody>) {
    if (b.teachingClass !== undefined) await classToManage(db, p, b.teachingClass);
    else permitAccount(await usersRepository.accountType(db, p.userId), 'skill.create');
    await checkIcon(db, p, b.avatar);
    return db.transaction(async (tx) => {
      const id = await repo.insert(tx, {
        name: b.name,
        colorCode: b.colorCode,
        avatarId: b.avatar ?? null,
        isPublic: false,
        creatorId: p.userId,
        // None named: the database's default, the four generic stages (DESIGN §12).
        stages: writtenStages(b.stages),
      });
      if (b.teachingClass !== undefined) {
        await lockClassSkills(tx, b.teachingClass);
        await repo.link(tx, b.teachingClass, id);
      }
      return id;
    });
  },

  /** A replaced or removed icon goes when nothing else uses it (DESIGN §6). */
  async patch(db: Db, files: FileStore, p: Principal, id: number, b: z.output<typeof learningSkillPatchBody>) {
    const row = await editableSkill(db, p, id);
    await checkIcon(db, p, b.avatar, row.skill.avatarId);
    await withErasure({ db, files }, async (e) => {
      await repo.update(e.tx, id, { name: b.name, colorCode: b.colorCode, avatarId: b.avatar, stages: writtenStages(b.stages) });
      if (b.avatar !== undefined && b.avatar !== row.skill.avatarId) await e.media([row.skill.avatarId]);
    });
  },

  listActions: (db: DbOrTx, p: Principal, q: ListQueryOutput<typeof learningActionListQuery>) =>
    repo.listActions(db, p.userId, { skillIds: q['learningSkill.id'], ids: q.id }, q.itemsPerPage, offsetOf(q)),

  async getAction(db: DbOrTx, p: Principal, id: number) {
    const action = await repo.findAction(db, id);
    if (!action || !(await repo.findVisible(db, action.learningSkillId, p.userId))) throw notFound(NOT_FOUND.action);
    return action;
  },

  async createAction(db: Db, p: Principal, b: z.output<typeof learningActionCreateBody>) {
    await editableSkill(db, p, b.learningSkill, 'learningSkill');
    if ((await repo.countActions(db, b.learningSkill)) >= LEARNING_SKILL_LIMITS.actionsMax)
      throw violation('learningSkill', REF.actionsMax);
    const position = b.position ?? (await repo.nextPosition(db, b.learningSkill));
    return repo.insertAction(db, { learningSkillId: b.learningSkill, name: b.name, position });
  },

  async patchAction(db: Db, p: Principal, id: number, b: z.output<typeof learningActionPatchBody>) {
    await editableAction(db, p, id);
    await repo.updateAction(db, id, { name: b.name, position: b.position });
  },

  /** An action that has ratings stays: the ratings would lose what was observed. */
  async deleteAction(db: Db, p: Principal, id: number) {
    await editableAction(db, p, id);
    if (await repo.actionHasRatings(db, id)) throw conflict(MSG.actionInUse);
    await repo.deleteAction(db, id);
  },

  /** The skills a class uses, with their ordered actions: for its teachers and evaluators. */
  async ofClass(db: DbOrTx, p: Principal, classId: number) {
    authorize(p, 'class.read', await classAccessRepository.findAccess(db, classId, p.userId));
    const skills = await repo.ofClass(db, classId, p.userId);
    return {
      skills,
      actions: await repo.actionsOfSkills(
        db,
        skills.map((s) => s.skill.id),
      ),
    };
  },

  listLinks: (db: DbOrTx, p: Principal, q: ListQueryOutput<typeof teachingClassLearningSkillListQuery>) =>
    repo.listLinks(db, p.userId, { classIds: q['teachingClass.id'], skillIds: q['learningSkill.id'] }, q.itemsPerPage, offsetOf(q)),

  async getLink(db: DbOrTx, p: Principal, id: number) {
    const link = await repo.findLink(db, id);
    const access = link && (await classAccessRepository.findAccess(db, link.teachingClassId, p.userId));
    if (!link || !access || !knows(p, 'class', access)) throw notFound(NOT_FOUND.link);
    return { link, role: access.role };
  },

  async createLink(db: Db, p: Principal, b: z.output<typeof teachingClassLearningSkillCreateBody>) {
    await classToManage(db, p, b.teachingClass);
    if (!(await repo.findVisible(db, b.learningSkill, p.userId))) throw violation('learningSkill', REF.learningSkill);
    const id = await db.transaction(async (tx) => {
      await lockClassSkills(tx, b.teachingClass);
      return repo.link(tx, b.teachingClass, b.learningSkill);
    });
    if (id === null) throw violation('learningSkill', MSG.alreadyInClass);
    return id;
  },

  /** The class stops offering the skill; its ratings stay and still count in reports. */
  async deleteLink(db: Db, p: Principal, id: number) {
    const { link, role } = await learningSkillsService.getLink(db, p, id);
    authorize(p, 'class.manageSkills', { role });
    await db.transaction(async (tx) => {
      if (await lockOpenClass(tx, link.teachingClassId)) await repo.unlink(tx, link.id);
    });
  },
};
