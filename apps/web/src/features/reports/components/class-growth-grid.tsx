import type { ClassGrowth } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { CardSection } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useClassGrowth } from '../../../entities/growth/growth-api';
import { stageTone } from '../../../entities/growth/stage-tone';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { stageName } from '../../../entities/learning-skills/stage-name';
import { sortByName } from '../../../lib/name-order';
import { fullName } from '../../../lib/teaching-classes';
import { ScrollRegion, stickyCell } from './scroll-region';

type Skill = ClassGrowth['skills'][number];
type Cell = ClassGrowth['students'][number]['skills'][number];

const th = 'border-b border-slate-300 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const skillTh = 'min-w-[4.5rem] border-b-2 px-2 py-2 text-left align-bottom text-xs font-semibold break-words hyphens-auto text-slate-700';
const chip = 'rounded border px-1.5 py-0.5 text-sm text-slate-900';

/**
 * A cell's stage name and its count of ratings; "–" when none counts yet. Colour is the third cue, never the only one.
 * Apart from them, the student's own newest self-assessment ("Self: Secure"), which never counts in them (DESIGN §12).
 */
function useCellText() {
  const intl = useIntl();
  const named = (skill: Skill, points: number | null | undefined) => {
    const stage = points != null ? skill.stages.find((s) => s.points === points) : undefined;
    return stage ? stageName(intl, stage) : null;
  };
  return (skill: Skill, cell: Cell | undefined) => ({
    stage: named(skill, cell?.stage),
    ratings: intl.formatMessage({ id: 'web_growth_ratings' }, { count: cell?.ratings ?? 0 }),
    tone: stageTone(skill.stages, cell?.stage ?? null),
    self: cell?.self
      ? intl.formatMessage({ id: 'web_growth_self_stage' }, { stage: named(skill, cell.self.stage) ?? intl.formatNumber(cell.self.points) })
      : null,
  });
}

/** The student's own view under a cell: on white with a dotted edge, never in the teachers' stage tone. */
const selfLine = 'mt-1 block rounded border border-dotted border-slate-400 bg-white px-1.5 py-0.5 text-xs text-slate-800';

/**
 * The class growth grid (DESIGN §12): students × skills, each cell the stage a student stands at on the report's last day
 * and how many ratings count. A table from a small tablet up (the student's column stays while the skills scroll), a
 * card per student on a phone.
 */
export function ClassGrowthGrid({ classId, end }: { classId: number; end: string }) {
  const growth = useClassGrowth(classId, end);
  if (growth.error && !growth.data) return null;
  return (
    <CardSection title={<FormattedMessage id="web_growth_class_title" />}>
      {!growth.data ? (
        <Loading />
      ) : growth.data.students.length === 0 || growth.data.skills.length === 0 ? (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_growth_class_empty" />
        </p>
      ) : (
        <div className="space-y-3" aria-busy={growth.isValidating || undefined}>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_growth_class_legend" />
            {growth.data.students.some((st) => st.skills.some((c) => c.self)) && (
              <>
                {' '}
                <FormattedMessage id="web_growth_class_self_legend" />
              </>
            )}
          </p>
          <div className="hidden sm:block print:block">
            <GrowthTable growth={growth.data} />
          </div>
          <div className="sm:hidden print:hidden">
            <GrowthCards growth={growth.data} />
          </div>
        </div>
      )}
    </CardSection>
  );
}

export function GrowthTable({ growth }: { growth: ClassGrowth }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const cellText = useCellText();
  const students = sortByName(growth.students, fullName, intl.locale);
  const title = intl.formatMessage({ id: 'web_growth_class_title' });
  return (
    <ScrollRegion label={intl.formatMessage({ id: 'web_report_table_region' }, { name: title })}>
      <table className="w-full border-collapse" data-testid="growth-grid">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${th} ${stickyCell} bg-white`}>
              <FormattedMessage id="web_report_student" />
            </th>
            {growth.skills.map((s) => (
              <th key={s.learningSkill} scope="col" className={skillTh} style={{ borderBottomColor: s.colorCode }}>
                {nameOf(s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {students.map((st) => (
            <tr key={st.teachingClassStudent}>
              <th
                scope="row"
                className={`${stickyCell} min-w-[8rem] border-b border-slate-100 bg-white px-3 py-2 text-left text-sm font-medium`}
              >
                {fullName(st)}
              </th>
              {growth.skills.map((s) => {
                const c = cellText(
                  s,
                  st.skills.find((x) => x.learningSkill === s.learningSkill),
                );
                return (
                  <td key={s.learningSkill} className="border-b border-slate-100 p-1 align-top">
                    <div className="rounded border px-2 py-1" style={c.tone}>
                      <span className="block text-sm font-semibold text-slate-900">{c.stage ?? '–'}</span>
                      <span className="block text-xs whitespace-nowrap text-slate-800">{c.ratings}</span>
                    </div>
                    {c.self && <span className={selfLine}>{c.self}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function GrowthCards({ growth }: { growth: ClassGrowth }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const cellText = useCellText();
  const students = sortByName(growth.students, fullName, intl.locale);
  return (
    <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_growth_class_title' })} data-testid="growth-cards">
      {students.map((st) => (
        <li key={st.teachingClassStudent} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <h3 className="font-semibold break-words text-slate-900">{fullName(st)}</h3>
          <dl className="mt-2 space-y-1.5 text-sm">
            {growth.skills.map((s) => {
              const c = cellText(
                s,
                st.skills.find((x) => x.learningSkill === s.learningSkill),
              );
              return (
                <div key={s.learningSkill} className="grid grid-cols-[1fr_auto] items-center gap-x-3">
                  <dt className="min-w-0 border-l-4 pl-2 break-words text-slate-800" style={{ borderLeftColor: s.colorCode }}>
                    {nameOf(s)}
                  </dt>
                  {/* The count under the stage: the skill's name keeps the width to wrap between words, not inside them. */}
                  <dd className="flex flex-col items-end">
                    <span className={`${chip} font-semibold`} style={c.tone}>
                      {c.stage ?? '–'}
                    </span>{' '}
                    <span className="text-xs whitespace-nowrap text-slate-700">{c.ratings}</span>
                    {c.self && (
                      <>
                        {' '}
                        <span className={selfLine}>{c.self}</span>
                      </>
                    )}
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
