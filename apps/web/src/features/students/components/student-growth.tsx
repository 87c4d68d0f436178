import type { StudentGrowth as Growth } from '@skillroom/contract/types';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SelectField } from '../../../components/ui/field';
import { CardSection } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useStudentGrowth } from '../../../entities/growth/growth-api';
import { GrowthChart } from '../../../entities/growth/growth-chart';
import { GROWTH_RANGES, growthRange, type GrowthRangeChoice } from '../../../entities/growth/growth-range';
import { growthStart, growthSummary, monthName } from '../../../entities/growth/growth-text';
import { stageTone } from '../../../entities/growth/stage-tone';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useStageName } from '../../../entities/learning-skills/stage-name';
import { formatDate } from '../../../lib/dates';

interface Props {
  /** The Student (the person), and the class whose ratings count (DESIGN §12). */
  studentId: number;
  classId: number | null;
}

/**
 * A student's growth per skill (DESIGN §12): a small step chart of the months, the stage now and where it started,
 * read out as one sentence, over a period the reader picks (the class's span by default). Its own chunk, loaded once
 * the student page shows; a refusal is quiet: a reader the server does not show growth to sees the rest of the page as
 * before.
 */
export function StudentGrowth({ studentId, classId }: Props) {
  const [choice, setChoice] = useState<GrowthRangeChoice>('span');
  const range = growthRange(choice);
  const growth = useStudentGrowth({ studentId, classId, start: range?.start, end: range?.end });
  if (growth.error && !growth.data) return null;
  return (
    <CardSection title={<FormattedMessage id="web_growth_title" />}>
      <GrowthRangeSelect value={choice} onChange={setChoice} shown={growth.data ?? null} />
      {!growth.data ? (
        <Loading />
      ) : (
        // The charts of the last period stay while the new one loads (keepPreviousData), marked busy.
        <div aria-busy={growth.isValidating || undefined}>
          <GrowthList growth={growth.data} />
        </div>
      )}
    </CardSection>
  );
}

/** The period's choice, a native select (keys and screen readers as the platform has them), with the days it covers. */
export function GrowthRangeSelect({
  value,
  onChange,
  shown,
}: {
  value: GrowthRangeChoice;
  onChange: (c: GrowthRangeChoice) => void;
  /** The answer on screen, whose days the hint names (the server's when the span is chosen). */
  shown: Pick<Growth, 'start' | 'end'> | null;
}) {
  const intl = useIntl();
  return (
    <div className="sm:max-w-xs">
      <SelectField
        label={intl.formatMessage({ id: 'web_growth_range' })}
        value={value}
        onChange={(e) => onChange(GROWTH_RANGES.find((r) => r === e.target.value) ?? 'span')}
        hint={
          shown
            ? intl.formatMessage({ id: 'web_growth_range_dates' }, { start: formatDate(shown.start), end: formatDate(shown.end) })
            : null
        }
        data-testid="growth-range"
      >
        {GROWTH_RANGES.map((r) => (
          <option key={r} value={r}>
            {intl.formatMessage({ id: `web_growth_range_${r}` })}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function GrowthList({ growth }: { growth: Growth }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const stageName = useStageName();
  const rated = growth.skills.filter((s) => s.ratings > 0);
  const unrated = growth.skills.filter((s) => s.ratings === 0);
  const range = { start: growth.start, end: growth.end };
  const withYear = growth.start.slice(0, 4) !== growth.end.slice(0, 4);
  if (!rated.length)
    return (
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_growth_empty" />
      </p>
    );
  return (
    <div className="space-y-3">
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="student-growth">
        {rated.map((s) => {
          const start = growthStart(s, growth.start);
          const first = s.months[0]?.month;
          const last = s.months[s.months.length - 1]?.month;
          return (
            <li
              key={s.learningSkill}
              className="min-w-0 space-y-2 rounded-lg border border-l-4 border-slate-200 bg-white p-3"
              style={{ borderLeftColor: s.colorCode }}
            >
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <h3 className="min-w-0 font-semibold break-words text-slate-900">{nameOf(s)}</h3>
                <span className="text-sm text-slate-700">
                  <FormattedMessage id="web_growth_ratings" values={{ count: s.ratings }} />
                </span>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <div>
                  <GrowthChart months={s.months} stagePoints={s.stages.map((x) => x.points)} label={growthSummary(intl, s, range)} />
                  {first && last && (
                    <p aria-hidden="true" className="flex justify-between text-xs text-slate-700" style={{ width: 160 }}>
                      <span>{monthName(intl, first, withYear)}</span>
                      {last !== first && <span>{monthName(intl, last, withYear)}</span>}
                    </p>
                  )}
                </div>
                <dl className="min-w-0 space-y-1 text-sm">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <dt className="text-slate-700">
                      <FormattedMessage id="web_growth_now" />
                    </dt>
                    <dd
                      className="rounded border px-1.5 font-semibold text-slate-900"
                      style={stageTone(s.stages, s.now.stage?.points ?? null)}
                    >
                      {s.now.stage ? stageName.of(s.now.stage) : '–'}
                    </dd>
                  </div>
                  {start && (
                    <div className="flex flex-wrap items-center gap-1.5">
                      <dt className="text-slate-700">{monthName(intl, start.month, withYear)}</dt>
                      <dd className="rounded border px-1.5 text-slate-900" style={stageTone(s.stages, start.stage.points)}>
                        {stageName.of(start.stage)}
                      </dd>
                    </div>
                  )}
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
      {unrated.length > 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_growth_unrated" values={{ list: unrated.map((s) => nameOf(s)).join(', ') }} />
        </p>
      )}
    </div>
  );
}
