import type { ClassCoverage, TeachingClass } from '@skillroom/contract/types';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { placeIri } from '../../../entities/ratings/ratings-api';
import { fullName } from '../../../lib/teaching-classes';

const disclosure =
  'inline-flex min-h-8 items-center rounded-md px-1 text-sm font-semibold text-teal-800 underline hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/** The mark of a student not observed lately: on the banner's line and in the corner of their tile (`corner`). */
export function ClockIcon({ corner = false }: { corner?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-4 w-4 shrink-0 text-amber-900 ${corner ? 'absolute' : ''}`}
      style={corner ? { top: 6, left: 6 } : undefined}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6v4l2.5 2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * DESIGN §12 coverage on the class page, in the line above the students' tiles (where the rating hint was, so that a
 * phone's first screen keeps its six students, issue 36): "Not observed in 14 days (n)" (the class's `coverageDays`),
 * those students first in the grid and marked with the same clock, a tap on one rates them. "Details" unfolds the hint,
 * per skill the students never rated on it this term, and for the class creator the ratings each teacher gave.
 */
export function CoveragePanel({ cls, coverage, canRate }: { cls: TeachingClass; coverage: ClassCoverage; canRate: boolean }) {
  const intl = useIntl();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const nameOf = useNameOf();
  const names = useMemo(
    () => new Map((cls.teachingClassStudents ?? []).map((s) => [placeIri(s.id), fullName(s)])),
    [cls.teachingClassStudents],
  );
  const count = coverage.notObserved.length;
  const waiting = count > 0;
  const hint = waiting ? (canRate ? 'web_coverage_hint_rate' : 'web_coverage_hint') : canRate ? 'web_capture_grid_hint' : null;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-2">
        <h3 className={`flex items-center gap-1 text-sm font-semibold ${waiting ? 'text-amber-900' : 'text-slate-700'}`}>
          {waiting && <ClockIcon />}
          <FormattedMessage id={waiting ? 'web_coverage_banner' : 'web_coverage_all_observed'} values={{ days: coverage.days, count }} />
        </h3>
        {/* The visible word is short, so the line holds on a phone; the name says whose details (and contains the word). */}
        <button
          type="button"
          className={disclosure}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={intl.formatMessage({ id: open ? 'web_coverage_hide_details' : 'web_coverage_show_details' })}
          onClick={() => setOpen((o) => !o)}
        >
          <FormattedMessage id={open ? 'web_coverage_hide' : 'web_coverage_details'} />
        </button>
      </div>
      <div
        id={detailsId}
        hidden={!open}
        className="mt-1 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800"
      >
        {hint && (
          <p>
            <FormattedMessage id={hint} />
          </p>
        )}
        <div>
          <h4 className="font-semibold">
            <FormattedMessage id="web_coverage_skills_title" />
          </h4>
          <ul className="mt-1 space-y-1">
            {coverage.skills.map((s) => (
              <li key={s.learningSkill} className="break-words">
                {/* The skill's name and its colon in the reader's language (zh-HK writes a full-width one). */}
                <FormattedMessage
                  id={s.neverRated.length === 0 ? 'web_coverage_skill_all_rated' : 'web_coverage_skill_never_rated'}
                  values={{
                    skill: (
                      <span key="skill" className="font-medium">
                        {nameOf(s)}
                      </span>
                    ),
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
            <h4 className="font-semibold">
              <FormattedMessage id="web_coverage_teachers_title" values={{ days: coverage.days }} />
            </h4>
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
    </div>
  );
}
