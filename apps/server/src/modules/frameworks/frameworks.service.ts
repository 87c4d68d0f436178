import { FRAMEWORKS, type FrameworkKey } from '@skillroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { authorize, gone } from '../../class-access/access-rules';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import type { Principal } from '../../plugins/auth';
import { learningSkillsRepository as skills, type ActionRow, type SkillWithAvatar } from '../learning-skills/learning-skills.repository';

export interface FrameworkRow {
  key: FrameworkKey;
  skills: SkillWithAvatar[];
  actions: ActionRow[];
}

export const frameworksService = {
  /** Every framework (DESIGN §12) with its shipped skills and their actions: the same for every signed-in user. */
  async list(db: DbOrTx, p: Principal): Promise<FrameworkRow[]> {
    const rows = await skills.frameworkSkills(db, p.userId, FRAMEWORKS);
    const actions = await skills.actionsOfSkills(
      db,
      rows.map((r) => r.skill.id),
    );
    return FRAMEWORKS.map((key) => {
      const mine = rows.filter((r) => r.skill.framework === key);
      const ids = new Set(mine.map((r) => r.skill.id));
      return { key, skills: mine, actions: actions.filter((a) => ids.has(a.learningSkillId)) };
    });
  },

  /**
   * Adds the framework's skills to the class in one step, those it already uses left as they are (adopting twice
   * adds nothing twice): who may edit the class (DESIGN §2), never a finished class (409). Answers the skills added.
   */
  async adopt(db: Db, p: Principal, classId: number, framework: FrameworkKey): Promise<number[]> {
    const access = await classAccessRepository.findAccess(db, classId, p.userId);
    authorize(p, 'class.adoptFramework', access);
    refuseIfFinished(access.cls);
    return db.transaction(async (tx) => {
      if (!(await lockOpenClass(tx, classId))) throw gone('class');
      return skills.linkFramework(tx, classId, framework);
    });
  },
};
