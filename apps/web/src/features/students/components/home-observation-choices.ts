import { refToId } from '@skillroom/contract/rules';
import type { Report } from '@skillroom/contract/types';
import type { ChoosableSkill } from '../../../entities/learning-skills/skill-action-chooser';
import { ratingDays } from '../../../entities/ratings/observations';

/**
 * What a family may choose for a home observation (DESIGN §11), read from their child's report in that class (a family
 * may not read the class itself, DESIGN §2): the skills the class uses with their actions (a skill with none cannot be
 * chosen, the API takes an action; the report's row of a skill as a whole is no action), and the class's days up to
 * today.
 */
export function homeObservationChoices(report: Report, classId: number) {
  const skills: ChoosableSkill[] = report.skills
    .map((s) => ({
      id: refToId(s.learningSkill) ?? 0,
      name: s.name,
      translationKey: s.translationKey,
      avatar: s.icon,
      colorCode: s.colorCode,
      learningActions: s.actions.flatMap((a) => {
        const id = a.learningAction ? refToId(a.learningAction) : null;
        return id ? [{ id, name: a.name, translationKey: a.translationKey }] : [];
      }),
    }))
    .filter((s) => s.id > 0 && s.learningActions.length > 0);
  const cls = report.teachingClasses.find((c) => c.id === classId);
  return { skills, days: cls ? ratingDays(cls) : null };
}
