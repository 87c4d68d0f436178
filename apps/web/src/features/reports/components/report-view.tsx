import type { Report } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CardSection } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/empty-state';
import { MediaGrid } from '../../../entities/ratings/media-preview';
import { average, SkillsChart, TimelineChart } from './report-charts';
import { SkillsCards, StudentsCards } from './report-cards';
import { SkillsTable, StudentsTable } from './report-tables';
import { ClassGrowthGrid } from './class-growth-grid';

function Figure({ label, value, note }: { label: ReactNode; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {note && <dd className="text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

/** Totals, charts per skill and over time, the tables and recent evidence of one report. */
export function ReportView({ report, kind, classId = null }: { report: Report; kind: 'class' | 'student'; classId?: number | null }) {
  const intl = useIntl();
  const t = report.totals;
  if (t.ratings === 0)
    return (
      <EmptyState>
        <FormattedMessage id="web_report_empty" />
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label={<FormattedMessage id="web_report_ratings" />}
          value={t.ratings}
          // DESIGN §11: of which the families' home observations a teacher approved, counted apart.
          note={t.atHome > 0 && <FormattedMessage id="web_home_observations_report_at_home" values={{ count: t.atHome }} />}
        />
        <Figure label={<FormattedMessage id="web_report_points" />} value={t.points} />
        <Figure label={<FormattedMessage id="web_report_average" />} value={t.average ?? average(t)} />
        {kind === 'class' ? (
          <Figure label={<FormattedMessage id="web_report_students_rated" />} value={t.students} />
        ) : (
          <Figure label={<FormattedMessage id="web_report_whole_class_ratings" />} value={t.wholeClassRatings} />
        )}
      </dl>
      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-1 [&>*]:min-w-0">
        <CardSection title={<FormattedMessage id="web_report_by_skill" />}>
          <SkillsChart report={report} />
        </CardSection>
        <CardSection title={<FormattedMessage id="web_report_over_time" />}>
          <TimelineChart report={report} />
        </CardSection>
      </div>
      <CardSection title={<FormattedMessage id="web_report_skills_table" />}>
        {/* A table from a small tablet up, a card per row on a phone; only one of the two is shown (and read). */}
        <div className="hidden sm:block print:block">
          <SkillsTable report={report} />
        </div>
        <div className="sm:hidden print:hidden">
          <SkillsCards report={report} />
        </div>
      </CardSection>
      {kind === 'class' && report.students.length > 0 && (
        <CardSection title={<FormattedMessage id="web_report_students_table" />}>
          <div className="hidden sm:block print:block">
            <StudentsTable report={report} />
          </div>
          <div className="sm:hidden print:hidden">
            <StudentsCards report={report} />
          </div>
        </CardSection>
      )}
      {kind === 'class' && classId !== null && (
        // In the report's chunk (itself loaded with the report screen only): one more level of chunks would be one more round trip.
        <ClassGrowthGrid classId={classId} end={report.end} />
      )}
      <CardSection title={<FormattedMessage id="web_report_evidence" />}>
        {report.media.length === 0 ? (
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_report_no_evidence" />
          </p>
        ) : (
          <>
            <MediaGrid
              dense
              medias={report.media.map((m) => m.media)}
              marked={
                kind === 'student'
                  ? {
                      ids: new Set(report.media.filter((m) => m.isWholeClass).map((m) => m.media.id)),
                      label: intl.formatMessage({ id: 'web_rating_whole_class' }),
                    }
                  : undefined
              }
            />
          </>
        )}
      </CardSection>
    </div>
  );
}
