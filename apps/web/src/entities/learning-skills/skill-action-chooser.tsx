import type { Media } from '@skillroom/contract/types';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { SkillIcon } from './skill-icon';
import { useNameOf } from './skill-label';

interface Named {
  id: number;
  name: string;
  translationKey: string | null;
}

/** What the chooser shows of a skill: a class's skill, or one as a report names it (its icon's URL only). */
export interface ChoosableSkill extends Named {
  avatar: Media | string | null;
  colorCode: string;
  learningActions: Named[];
}

interface Props {
  skills: ChoosableSkill[];
  skillId: number | null;
  actionIds: number[];
  /** One action only (updating one rating); several otherwise, one rating each. */
  single: boolean;
  onSkill: (id: number) => void;
  onAction: (id: number) => void;
  error?: string | null;
}

const tile =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white p-2 text-sm font-medium text-slate-900 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:ring-2 has-[:checked]:ring-teal-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700';

/** A skill (radio tiles with icons), then its actions: checkboxes, or radios when only one may be chosen. */
export function SkillActionChooser({ skills, skillId, actionIds, single, onSkill, onAction, error }: Props) {
  const id = useId();
  const nameOf = useNameOf();
  const skill = skills.find((s) => s.id === skillId) ?? null;
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <FormattedMessage id="web_rating_choose_skill" />
        </legend>
        <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
          {skills.map((s) => (
            <label key={s.id} className={tile}>
              <input type="radio" name={`${id}-skill`} className="sr-only" checked={s.id === skillId} onChange={() => onSkill(s.id)} />
              <SkillIcon icon={s.avatar} colorCode={s.colorCode} name={nameOf(s)} size={28} />
              <span className="min-w-0 break-words">{nameOf(s)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {skill && (
        <fieldset aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            <FormattedMessage id={single ? 'web_rating_choose_action' : 'web_rating_choose_actions'} values={{ skill: nameOf(skill) }} />
          </legend>
          {skill.learningActions.length === 0 ? (
            <p className="text-sm text-slate-700">
              <FormattedMessage id="web_rating_skill_no_actions" />
            </p>
          ) : (
            <div className="space-y-2">
              {skill.learningActions.map((a) => (
                <label key={a.id} className={tile}>
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`${id}-action`}
                    className="h-4 w-4 accent-teal-700"
                    checked={actionIds.includes(a.id)}
                    onChange={() => onAction(a.id)}
                  />
                  <span className="min-w-0 break-words">{nameOf(a)}</span>
                </label>
              ))}
            </div>
          )}
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
