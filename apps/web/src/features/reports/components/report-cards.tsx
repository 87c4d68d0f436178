import type { Report } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useStageName } from '../../../entities/learning-skills/stage-name';
import { fullName } from '../../../lib/teaching-classes';
import { average } from './report-charts';
import { sortByName } from '../../../lib/name-order';

// On a phone the report's tables read as cards, one per row (DESIGN §9): every figure is shown, nothing scrolls.
const card = 'rounded-lg border border-slate-200 bg-white p-3 shadow-sm';

function Figure({ label, children, className = '' }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs text-slate-700">{label}</dt>
      <dd className="text-base font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** The skills table as a card per skill: its figures, then its actions with theirs. */
export function SkillsCards({ report }: { report: Report }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const stageName = useStageName();
  return (
    <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_report_skills_table' })}>
      {report.skills.map((s) => (
        <li key={s.learningSkill} className={card} style={{ borderLeft: `4px solid ${s.colorCode}` }}>
          <h3 className="flex items-center gap-2 font-semibold break-words text-slate-900">
            <SkillIcon icon={s.icon} colorCode={s.colorCode} name={nameOf(s)} size={24} />
            {nameOf(s)}
          </h3>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <Figure label={<FormattedMessage id="web_report_ratings" />}>{s.ratings}</Figure>
            <Figure label={<FormattedMessage id="web_report_points" />}>{s.points}</Figure>
            <Figure label={<FormattedMessage id="web_report_average" />}>{s.ratings ? average(s) : '–'}</Figure>
            {s.stage && (
              <Figure className="col-span-3" label={<FormattedMessage id="web_growth_stage" />}>
                {stageName.of(s.stage)}
              </Figure>
            )}
          </dl>
          {s.ratings > 0 && (
            <dl className="mt-2 space-y-1 border-t border-slate-100 pt-2 text-sm">
              {s.actions.map((a) => (
                <div key={a.learningAction ?? `${s.learningSkill}/whole`} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
                  <dt className="min-w-0 break-words text-slate-800">{nameOf(a)}</dt>
                  <dd className="text-right text-slate-900">
                    {a.ratings ? intl.formatMessage({ id: 'web_report_cell' }, { ratings: a.ratings, average: average(a) }) : '–'}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Students by skill as a card per student: the total, then each skill they were rated in. */
export function StudentsCards({ report }: { report: Report }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const students = sortByName(report.students, fullName, intl.locale);
  const skillOf = new Map(report.skills.map((s) => [s.learningSkill, s]));
  return (
    <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_report_students_table' })}>
      {students.map((st) => (
        <li key={st.teachingClassStudent} className={card}>
          <h3 className="font-semibold break-words text-slate-900">{fullName(st)}</h3>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 font-semibold">
              <dt>
                <FormattedMessage id="web_report_total" />
              </dt>
              <dd>{st.ratings ? intl.formatMessage({ id: 'web_report_cell' }, { ratings: st.ratings, average: average(st) }) : '–'}</dd>
            </div>
            {st.atHome > 0 && (
              <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 text-slate-700">
                <dt className="sr-only">
                  <FormattedMessage id="web_home_observations_at_home" />
                </dt>
                <dd className="col-start-2 text-right">
                  <FormattedMessage id="web_home_observations_report_at_home" values={{ count: st.atHome }} />
                </dd>
              </div>
            )}
            {st.skills.map((x) => {
              const s = skillOf.get(x.learningSkill);
              return (
                <div key={x.learningSkill} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
                  <dt className="min-w-0 break-words text-slate-800">{s ? nameOf(s) : ''}</dt>
                  <dd className="text-right text-slate-900">
                    {intl.formatMessage({ id: 'web_report_cell' }, { ratings: x.ratings, average: average(x) })}
                  </dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
