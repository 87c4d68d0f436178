import type { ChartConfiguration } from 'chart.js';
import { formatInteger } from '@skillroom/contract/rules';
import type { Report } from '@skillroom/contract/types';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { nameOf } from '../../../entities/learning-skills/skill-label';
import { formatDate } from '../../../lib/dates';

/**
 * Whole-number ticks in the reader's language, by the contract's formatter (one per locale, kept): counts and points
 * (0 to 5, a step of 1) are whole numbers.
 */
const wholeTicks = (locale: string) => ({ precision: 0, callback: (v: string | number) => formatInteger(Number(v), locale) });

const average = (f: { ratings: number; points: number }) => (f.ratings ? Math.round((f.points / f.ratings) * 10) / 10 : 0);

/** One chart on a canvas, redrawn when its data changes; the canvas is an image named by `label`. */
function ChartCanvas({ config, label, height }: { config: ChartConfiguration; label: string; height: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let chart: { destroy(): void } | null = null;
    let live = true;
    // chart.js loads with the first chart (its own chunk, on these screens only); the canvas keeps its box meanwhile.
    void import('./chart-setup').then(({ Chart }) => {
      if (!live) return;
      // A sharp picture when printed, and no animation to wait for (or to bother readers who asked for less motion).
      chart = new Chart(canvas, {
        ...config,
        options: {
          ...config.options,
          animation: false,
          devicePixelRatio: Math.max(2, window.devicePixelRatio),
          maintainAspectRatio: false,
          responsive: true,
        },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [config]);
  // Until chart.js draws (once its chunk has arrived), a canvas is 300 px wide by default: wider than its box on a 320 px
  // phone, so the page scrolled sideways for a moment. It fills its box from the first render; chart.js then sizes it to
  // the same box.
  return (
    <div className="relative w-full min-w-0" style={{ height }}>
      <canvas ref={ref} role="img" aria-label={label} className="block h-full w-full" />
    </div>
  );
}

/** Ratings per skill, each bar in its skill's colour. */
export function SkillsChart({ report }: { report: Report }) {
  const intl = useIntl();
  const skills = useMemo(() => report.skills.filter((s) => s.ratings > 0), [report]);
  const names = skills.map((s) => nameOf(intl, s));
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: skills.map((s) => nameOf(intl, s)),
        datasets: [
          {
            label: intl.formatMessage({ id: 'web_report_ratings' }),
            data: skills.map((s) => s.ratings),
            backgroundColor: skills.map((s) => s.colorCode),
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              afterLabel: (c) => intl.formatMessage({ id: 'web_report_average_is' }, { average: average(skills[c.dataIndex]!) }),
            },
          },
        },
        scales: { x: { beginAtZero: true, ticks: wholeTicks(intl.locale) } },
      },
    }),
    [intl, skills],
  );
  const label = intl.formatMessage(
    { id: 'web_report_chart_skills_label' },
    {
      list:
        skills.map((s, i) => `${names[i]}: ${intl.formatMessage({ id: 'web_report_ratings_count' }, { count: s.ratings })}`).join(', ') ||
        intl.formatMessage({ id: 'web_report_none' }),
    },
  );
  return <ChartCanvas config={config as ChartConfiguration} label={label} height={Math.max(160, 44 * skills.length + 40)} />;
}

/** Ratings per week (bars) and their average points (line, 1 to 5). */
export function TimelineChart({ report }: { report: Report }) {
  const intl = useIntl();
  const weeks = report.timeline;
  const config = useMemo<ChartConfiguration<'bar' | 'line'>>(
    () => ({
      type: 'bar',
      data: {
        labels: weeks.map((w) => formatDate(w.week)),
        datasets: [
          {
            type: 'bar',
            label: intl.formatMessage({ id: 'web_report_ratings' }),
            data: weeks.map((w) => w.ratings),
            backgroundColor: '#0f766e',
            yAxisID: 'y',
            // Drawn beneath the line (a higher order is drawn first): the line's markers sat behind the bars.
            order: 1,
          },
          {
            type: 'line',
            label: intl.formatMessage({ id: 'web_report_average' }),
            // A week without ratings has no average: a gap, not a fall to zero.
            data: weeks.map((w) => (w.ratings ? average(w) : null)),
            spanGaps: true,
            borderColor: '#b45309',
            backgroundColor: '#b45309',
            borderWidth: 2,
            // A marker on each week that has an average (issue 36 §16): hollow, so that it reads over a bar as well.
            pointStyle: 'circle',
            pointRadius: 5,
            pointHoverRadius: 7,
            pointBorderWidth: 2,
            pointBackgroundColor: '#ffffff',
            pointBorderColor: '#b45309',
            yAxisID: 'points',
            order: 0,
          },
        ],
      },
      options: {
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) =>
                intl.formatMessage({ id: 'web_report_week_of' }, { date: formatDate(weeks[items[0]?.dataIndex ?? 0]?.week) }),
            },
          },
        },
        scales: {
          x: {
            title: { display: true, text: intl.formatMessage({ id: 'web_report_week_axis' }) },
            // Level dates, each centred under its own bar: slanted ones ended at their tick and read as between two bars.
            // Those that do not fit are skipped (every week is in the tooltip and the table).
            ticks: { maxRotation: 0, minRotation: 0, autoSkip: true, autoSkipPadding: 12 },
          },
          y: {
            beginAtZero: true,
            ticks: wholeTicks(intl.locale),
            title: { display: true, text: intl.formatMessage({ id: 'web_report_ratings' }) },
          },
          points: {
            position: 'right',
            min: 0,
            max: 5,
            ticks: { ...wholeTicks(intl.locale), stepSize: 1 },
            grid: { drawOnChartArea: false },
            title: { display: true, text: intl.formatMessage({ id: 'web_report_average' }) },
          },
        },
      },
    }),
    [intl, weeks],
  );
  const label = intl.formatMessage({ id: 'web_report_chart_timeline_label' }, { weeks: weeks.length, ratings: report.totals.ratings });
  return <ChartCanvas config={config as ChartConfiguration} label={label} height={260} />;
}

export { average };
