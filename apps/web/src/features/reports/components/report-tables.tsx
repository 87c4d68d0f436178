import type { Report } from '@skillroom/contract';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { fullName } from '../../../lib/teaching-classes';
import { average } from './report-charts';
import { ScrollRegion as Scroll, stickyCell } from './scroll-region';

const th = 'border-b border-slate-300 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'border-b border-slate-100 px-3 py-2 align-top text-sm';

/** Points and counts per skill and per action. */
export function SkillsTable({ report }: { report: Report }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const caption = useId();
  return (
    <Scroll label={intl.formatMessage({ id: 'web_report_skills_table' })}>
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
            </tr>,
            // A skill nobody was rated in is one row of zeros, not one per action.
            ...(s.ratings ? s.actions : []).map((a) => (
              <tr key={a.learningAction}>
                <th scope="row" className={`${td} ${stickyCell} bg-white pl-10 text-left font-normal`}>
                  {nameOf(a)}
                </th>
                <td className={`${td} text-right`}>{a.ratings}</td>
                <td className={`${td} text-right`}>{a.points}</td>
                <td className={`${td} text-right`}>{a.ratings ? average(a) : '–'}</td>
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
  const collator = new Intl.Collator(intl.locale);
  const students = [...report.students].sort((a, b) => collator.compare(fullName(a), fullName(b)));
  return (
    <Scroll label={intl.formatMessage({ id: 'web_report_students_table' })}>
      <table className="w-full border-collapse">
        {/* The cells are short (figures only); the caption, shown, says what they hold. */}
        <caption className="pb-2 text-left text-sm text-slate-700">
          <FormattedMessage id="web_report_cell_legend" />
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
                className={`${th} min-w-[5.5rem] text-right align-bottom break-words normal-case`}
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
              <th scope="row" className={`${td} ${stickyCell} bg-white text-left font-medium whitespace-nowrap`}>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
