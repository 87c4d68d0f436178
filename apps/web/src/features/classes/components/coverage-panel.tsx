import type { ClassCoverage, TeachingClass } from '@skillroom/contract/types';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { placeIri } from '../../../entities/ratings/ratings-api';
import { fullName } from '../../../lib/teaching-classes';

const disclosure =
  'inline-flex min-h-8 items-center gap-1 rounded-md px-1 text-sm font-semibold text-teal-800 hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/**
 * DESIGN §12 coverage on the class page: one compact line near the top, "Not observed in 14 days (n)" (the class's
 * `coverageDays`), those students first in the grid below, where a tap rates each; "Coverage details" unfolds, per
 * skill, the students never rated on it this term, and for the class creator the ratings each teacher gave.
 */
export function CoveragePanel({ cls, coverage, canRate }: { cls: TeachingClass; coverage: ClassCoverage; canRate: boolean }) {
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const nameOf = useNameOf();
  const names = useMemo(() => new Map((cls.teachingClassStudents ?? []).map((s) => [placeIri(s.id), fullName(s)])), [cls.teachingClassStudents]);
  const count = coverage.notObserved.length;
  if (!cls.teachingClassStudents?.length) return null;
  const waiting = count > 0;

  return (
    <section
      aria-labelledby={`${detailsId}-title`}
      className={`rounded-lg border px-3 py-2 shadow-sm ${waiting ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={`${detailsId}-title`} className={`text-sm font-semibold ${waiting ? 'text-amber-950' : 'text-slate-800'}`}>
          <FormattedMessage
            id={waiting ? 'web_coverage_banner' : 'web_coverage_all_observed'}
            values={{ days: coverage.days, count }}
          />
        </h2>
        <button type="button" className={disclosure} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
          <FormattedMessage id={open ? 'web_coverage_hide_details' : 'web_coverage_show_details'} />
        </button>
      </div>
      {/* One line while folded (issue 36: the students stay on a phone's first screen); the rest on demand. */}
      <div id={detailsId} hidden={!open} className="mt-2 space-y-3 border-t border-slate-200 pt-2 text-sm text-slate-800">
        {waiting && (
          <p>
            <FormattedMessage id={canRate ? 'web_coverage_hint_rate' : 'web_coverage_hint'} />
          </p>
        )}
        <div>
          <h3 className="font-semibold">
            <FormattedMessage id="web_coverage_skills_title" />
          </h3>
          <ul className="mt-1 space-y-1">
            {coverage.skills.map((s) => (
              <li key={s.learningSkill} className="break-words">
                {/* The skill's name and its colon in the reader's language (zh-HK writes a full-width one). */}
                <FormattedMessage
                  id={s.neverRated.length === 0 ? 'web_coverage_skill_all_rated' : 'web_coverage_skill_never_rated'}
                  values={{
                    skill: <span className="font-medium">{nameOf(s)}</span>,
                    count: s.neverRated.length,
                    names: s.neverRated.map((p) => names.get(p) ?? '').join(', '),
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
        {coverage.teachers && (
          <div>
            <h3 className="font-semibold">
              <FormattedMessage id="web_coverage_teachers_title" values={{ days: coverage.days }} />
            </h3>
            <ul className="mt-1 space-y-1">
              {coverage.teachers.map((t) => (
                <li key={t.user}>
                  <FormattedMessage id="web_coverage_teacher_ratings" values={{ name: fullName(t), count: t.ratings }} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
