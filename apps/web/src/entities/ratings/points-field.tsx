import { RATING_POINTS, stageOf } from '@skillroom/contract/rules';
import type { SkillStage } from '@skillroom/contract/types';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { stageDescription, stageName } from '../learning-skills/stage-name';

/** A point's choice: a 44 px target, amber when chosen, the ring of the radio inside it when reached by keyboard. */
const pointClass =
  'flex h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 ' +
  'text-base font-semibold text-slate-900 has-[:checked]:border-amber-700 has-[:checked]:bg-amber-100 ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700';

const values = Array.from({ length: RATING_POINTS.max - RATING_POINTS.min + 1 }, (_, i) => RATING_POINTS.min + i);

interface Props {
  value: number;
  onChange: (p: number) => void;
  /** The legend, when it is not a rating's points (a class's points of a quick rating). */
  label?: ReactNode;
  hint?: ReactNode;
  /** The chosen skill's stages (DESIGN §12): each point names the stage it reaches, the chosen one's descriptor below. */
  stages?: readonly SkillStage[];
}

/** Points 1 to 5 as a row of radio buttons (arrow keys move between them), each with its stage's name when a skill is chosen. */
export function PointsField({ value, onChange, label, hint, stages = [] }: Props) {
  const id = useId();
  const intl = useIntl();
  const chosen = stageOf(stages, value);
  const described = [hint ? `${id}-hint` : null, chosen ? `${id}-stage` : null].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={described || undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{label ?? <FormattedMessage id="web_rating_points" />}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {values.map((p) => {
          const stage = stageOf(stages, p);
          const name = stage ? stageName(intl, stage) : null;
          return (
            <label key={p} className={pointClass}>
              <input
                type="radio"
                name={`${id}-points`}
                value={p}
                className="sr-only"
                checked={value === p}
                onChange={() => onChange(p)}
                aria-label={
                  name
                    ? intl.formatMessage({ id: 'web_rating_points_stage' }, { points: p, max: RATING_POINTS.max, stage: name })
                    : intl.formatMessage({ id: 'web_rating_points_of' }, { points: p, max: RATING_POINTS.max })
                }
              />
              <span aria-hidden="true">{p}</span>
              <span aria-hidden="true" className="text-amber-600">
                ★
              </span>
              {name && (
                <span aria-hidden="true" className="text-sm font-normal text-slate-700" data-stage="">
                  {name}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {chosen && (
        // What the chosen stage means, in the skill's words: the points carry a meaning on screen (issue 38).
        <p id={`${id}-stage`} className="mt-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{stageName(intl, chosen)}</span>
          {chosen.description && <>: {stageDescription(intl, chosen)}</>}
        </p>
      )}
    </fieldset>
  );
}
