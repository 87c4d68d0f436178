import type { ClassLearningSkill, TeachingClass } from '@skillroom/contract/types';
import type { IntlShape } from 'react-intl';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';
import { nameOf } from '../../../entities/learning-skills/skill-label';
import type { OutboxLabel } from '../../../entities/outbox/outbox-types';
import type { OutboxItem, OutboxName, OutboxNames } from './outbox-item';

/** Where a save was made: the class with its roster and the class's skills, as the rating sheet holds them. */
export interface SaveContext {
  cls: Pick<TeachingClass, 'name' | 'teachingClassStudents'>;
  skills: Pick<ClassLearningSkill, 'id' | 'name' | 'translationKey' | 'colorCode' | 'learningActions'>[];
}

const named = (x: { name: string; translationKey?: string | null }): OutboxName => ({
  name: x.name,
  translationKey: x.translationKey ?? null,
});

/**
 * The names a waiting save is listed by, taken from what the screen showed when it was saved (issue 36 §11): a save
 * that waits offline is named without asking the server. None when the skill is not among the class's (nothing to name).
 */
export function outboxNamesOf(
  context: SaveContext,
  choice: { skillId: number; actionIds: number[]; studentIds: number[] },
): OutboxNames | undefined {
  const skill = context.skills.find((s) => s.id === choice.skillId);
  if (!skill) return undefined;
  const places = context.cls.teachingClassStudents ?? [];
  return {
    className: context.cls.name,
    students: choice.studentIds.flatMap((id) => places.filter((p) => p.id === id).map(fullName)),
    skill: { ...named(skill), colorCode: skill.colorCode },
    actions: choice.actionIds.flatMap((id) => skill.learningActions.filter((a) => a.id === id).map(named)),
  };
}

/** At most this many students are named; the rest are counted. */
const NAMED_STUDENTS = 3;

function studentsOf(intl: IntlShape, item: OutboxItem, names: OutboxNames): string {
  const count = item.studentIds.length;
  if (count === 0) return intl.formatMessage({ id: 'web_rating_whole_class' });
  // A student left out of the names (not on the roster the screen had) is counted with the rest.
  const shown = names.students.slice(0, count > NAMED_STUDENTS ? NAMED_STUDENTS - 1 : NAMED_STUDENTS);
  const more = count - shown.length;
  const parts = more > 0 ? [...shown, intl.formatMessage({ id: 'web_outbox_more_students' }, { count: more })] : shown;
  return intl.formatList(parts, { type: 'conjunction' });
}

/** The label of a waiting save: its skill and actions, students, class and day; an older save's by its class and count. */
export function outboxLabel(intl: IntlShape, item: OutboxItem): OutboxLabel {
  const names = item.names;
  if (!names)
    return {
      title: intl.formatMessage(
        { id: 'web_outbox_item' },
        {
          className: item.className ?? intl.formatMessage({ id: 'web_outbox_some_class' }),
          count: item.steps.length,
          date: formatDate(item.date),
        },
      ),
      who: null,
      where: null,
    };
  const actions = names.actions.map((a) => nameOf(intl, a));
  const what = actions.length ? intl.formatList(actions, { type: 'conjunction' }) : intl.formatMessage({ id: 'web_rating_skill_as_whole' });
  return {
    title: intl.formatMessage({ id: 'web_outbox_item_named' }, { skill: nameOf(intl, names.skill), actions: what }),
    who: studentsOf(intl, item, names),
    where: `${names.className} · ${formatDate(item.date)}`,
  };
}
