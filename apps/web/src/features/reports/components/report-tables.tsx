import type { Report } from '@skillroom/contract/types';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useStageName } from '../../../entities/learning-skills/stage-name';
import { fullName } from '../../../lib/teaching-classes';
import { average } from './report-charts';
import { ScrollRegion as Scroll, stickyCell } from './scroll-region';
import { sortByName } from '../../../lib/name-order';

const th = 'border-b border-slate-300 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
// A skill's column: its name wraps (a long one breaks at a hyphen) so that the table fits a laptop screen.
const skillTh = 'min-w-[4.5rem] border-b-2 px-2 py-2 text-right align-bottom text-xs font-semibold break-words hyphens-auto text-slate-700';
const td = 'border-b border-slate-100 px-3 py-2 align-top text-sm';

/** Points and counts per skill and per action. */
export function SkillsTable({ report }: { report: Report }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const stageName = useStageName();
  const caption = useId();
  return (
    <Scroll label={intl.formatMessage({ id: 'web_report_table_region' }, { name: intl.formatMessage({ id: 'web_report_skills_table' }) })}>
      <table className="w-full min-w-[28rem] border-collapse" aria-describedby={caption}>
        <caption id={caption} className="sr-only">
          <FormattedMessage id="web_report_skills_table" />
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${th} ${stickyCell} bg-white`}>
              <FormattedMessage id="web_report_skill" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <FormattedMessage id="web_report_ratings" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <FormattedMessage id="web_report_points" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <FormattedMessage id="web_report_average" />
            </th>
            <th scope="col" className={th}>
              <FormattedMessage id="web_growth_stage" />
            </th>
          </tr>
        </thead>
        <tbody>
          {report.skills.flatMap((s) => [
            <tr key={s.learningSkill} className="bg-slate-50">
              <th scope="row" className={`${td} ${stickyCell} bg-slate-50 text-left font-semibold`}>
                <span className="inline-flex items-center gap-2">
                  <SkillIcon icon={s.icon} colorCode={s.colorCode} name={nameOf(s)} size={24} />
                  {nameOf(s)}
                </span>
              </th>
              <td className={`${td} text-right font-semibold`}>{s.ratings}</td>
              <td className={`${td} text-right font-semibold`}>{s.points}</td>
              <td className={`${td} text-right font-semibold`}>{s.ratings ? average(s) : '–'}</td>
              {/* DESIGN §12: the stage the skill's average points reach. */}
              <td className={`${td} font-semibold`}>{s.stage ? stageName.of(s.stage) : '–'}</td>
            </tr>,
            // A skill nobody was rated in is one row of zeros, not one per action.
            ...(s.ratings ? s.actions : []).map((a) => (
              <tr key={a.learningAction ?? `${s.learningSkill}/whole`}>
                <th scope="row" className={`${td} ${stickyCell} bg-white pl-10 text-left font-normal`}>
                  {nameOf(a)}
                </th>
                <td className={`${td} text-right`}>{a.ratings}</td>
                <td className={`${td} text-right`}>{a.points}</td>
                <td className={`${td} text-right`}>{a.ratings ? average(a) : '–'}</td>
                <td className={td} />
              </tr>
            )),
          ])}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Students by skill (class report): ratings and average points in each cell. */
export function StudentsTable({ report }: { report: Report }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const students = sortByName(report.students, fullName, intl.locale);
  return (
    <div className="space-y-2">
      {/* The cells are short (figures only); this line says what they hold, and stays put while the table scrolls. */}
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_report_cell_legend" />
      </p>
      <Scroll
        label={intl.formatMessage({ id: 'web_report_table_region' }, { name: intl.formatMessage({ id: 'web_report_students_table' }) })}
      >
        <table className="w-full border-collapse">
          <caption className="sr-only">
            <FormattedMessage id="web_report_students_table" />
          </caption>
          <thead>
            <tr>
              <th scope="col" className={`${th} ${stickyCell} bg-white`}>
                <FormattedMessage id="web_report_student" />
              </th>
              {report.skills.map((s) => (
                <th
                  key={s.learningSkill}
                  scope="col"
                  // Long skill names wrap within their column rather than widen it (or be cut).
                  className={skillTh}
                  style={{ borderBottomColor: s.colorCode }}
                >
                  {nameOf(s)}
                </th>
              ))}
              <th scope="col" className={`${th} text-right`}>
                <FormattedMessage id="web_report_total" />
              </th>
            </tr>
          </thead>
          <tbody>
            {students.map((st) => (
              <tr key={st.teachingClassStudent}>
                <th scope="row" className={`${td} ${stickyCell} bg-white min-w-[8rem] text-left font-medium`}>
                  {fullName(st)}
                </th>
                {report.skills.map((s) => {
                  const cell = st.skills.find((x) => x.learningSkill === s.learningSkill);
                  return (
                    <td key={s.learningSkill} className={`${td} text-right whitespace-nowrap`}>
                      {cell && cell.ratings
                        ? intl.formatMessage({ id: 'web_report_cell_short' }, { ratings: cell.ratings, average: average(cell) })
                        : '–'}
                    </td>
                  );
                })}
                <td className={`${td} text-right font-semibold whitespace-nowrap`}>
                  {intl.formatMessage({ id: 'web_report_cell_short' }, { ratings: st.ratings, average: average(st) })}
                  {st.atHome > 0 && (
                    <span className="block text-sm font-normal text-slate-700">
                      <FormattedMessage id="web_home_observations_report_at_home" values={{ count: st.atHome }} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </div>
  );
}
