import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { memo, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { control } from '../../../components/ui/field';
import { fullName, may } from '../../../lib/teaching-classes';
import { foldName, sortByName } from '../../../lib/name-order';

interface Props {
  cls: TeachingClass;
  /** Quick rating (DESIGN §7): a tap on a student, or on "Whole class" (null), opens the rating sheet. None when finished. */
  onRate?: ((studentId: number | null) => void) | null;
}

const tile =
  'flex h-full w-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-center shadow-sm transition';
const hover = 'hover:border-teal-600 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
const pageLink =
  'inline-flex min-h-8 items-center justify-center rounded-md text-xs font-medium text-teal-800 underline hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-teal-700';

/**
 * The class's students as a grid of pictures and names, with a name filter; each rates the student or opens their page.
 * Drawn again only when the class or the rating callback changes, not when the sheet opens or the class's skills arrive.
 */
export const ClassStudentsGrid = memo(function ClassStudentsGrid({ cls, onRate }: Props) {
  const intl = useIntl();
  const filterId = useId();
  const [query, setQuery] = useState('');
  // Sorted once per list and locale, not on every keystroke in the filter.
  const all = useMemo(() => sortByName(cls.teachingClassStudents ?? [], fullName, intl.locale), [cls.teachingClassStudents, intl.locale]);
  // Accents and case do not matter when looking a name up ("jose" finds José).
  const students = query.trim() ? all.filter((s) => foldName(fullName(s)).includes(foldName(query.trim()))) : all;
  const manage = may(cls, 'manageStudents') && !cls.isFinished;

  return (
    <section aria-labelledby="class-students-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="class-students-title" className="text-xl font-semibold text-slate-900">
          <FormattedMessage id="web_class_detail_students" values={{ count: all.length }} />
        </h2>
        {manage && (
          <div className="flex flex-wrap gap-2">
            <Link to={`/teaching-class/${cls.id}/student/add`} className={buttonClass('primary')}>
              <FormattedMessage id="web_class_detail_add_students" />
            </Link>
            <Link to={`/teaching-class/${cls.id}/students`} className={buttonClass('secondary')}>
              <FormattedMessage id="web_class_detail_manage_students" />
            </Link>
          </div>
        )}
      </div>
      {all.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            <FormattedMessage id="web_capture_filter" />
          </label>
          <input
            id={filterId}
            type="search"
            autoComplete="off"
            className={`${control} max-w-xs flex-1`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      {onRate && all.length > 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_capture_grid_hint" />
        </p>
      )}
      {all.length === 0 ? (
        <>
          {onRate && <WholeClassTile onRate={onRate} />}
          <EmptyState>
            <FormattedMessage id={manage ? 'web_class_detail_no_students_teacher' : 'web_class_detail_no_students'} />
          </EmptyState>
        </>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {onRate && !query.trim() && (
              <li>
                <WholeClassTile onRate={onRate} />
              </li>
            )}
            {students.map((s) => (
              <li key={s.id}>{onRate ? <RateTile cls={cls} student={s} onRate={onRate} /> : <PageTile cls={cls} student={s} />}</li>
            ))}
          </ul>
          {students.length === 0 && (
            <p role="status" className="text-sm text-slate-700">
              <FormattedMessage id="web_capture_filter_none" values={{ query: query.trim() }} />
            </p>
          )}
        </>
      )}
    </section>
  );
});

function WholeClassTile({ onRate }: { onRate: (id: null) => void }) {
  return (
    <button
      type="button"
      className={`${tile} ${hover} min-h-28 justify-center border-indigo-200 bg-indigo-50`}
      onClick={() => onRate(null)}
    >
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-200 text-2xl text-indigo-900">
        ★
      </span>
      <span className="text-sm font-semibold text-indigo-950">
        <FormattedMessage id="web_capture_whole_class" />
      </span>
    </button>
  );
}

function PageTile({ cls, student }: { cls: TeachingClass; student: TeachingClassStudent }) {
  return (
    <Link to={`/teaching-class/${cls.id}/student/${student.id}`} className={`${tile} ${hover}`}>
      <Avatar media={student.avatar} name={fullName(student)} size={64} />
      <span className="text-sm font-medium break-words text-slate-900">{fullName(student)}</span>
    </Link>
  );
}

/** A tap rates; the student's page is one link below, named for them. */
function RateTile({ cls, student, onRate }: { cls: TeachingClass; student: TeachingClassStudent; onRate: (id: number) => void }) {
  const intl = useIntl();
  const name = fullName(student);
  return (
    <div className="flex h-full flex-col gap-1">
      <button
        type="button"
        className={`${tile} ${hover} flex-1`}
        aria-label={intl.formatMessage({ id: 'web_capture_rate_student' }, { name })}
        onClick={() => onRate(student.id)}
      >
        <Avatar media={student.avatar} name={name} size={64} />
        <span className="text-sm font-medium break-words text-slate-900">{name}</span>
      </button>
      <Link
        to={`/teaching-class/${cls.id}/student/${student.id}`}
        className={pageLink}
        aria-label={intl.formatMessage({ id: 'web_capture_student_page_of' }, { name })}
      >
        <FormattedMessage id="web_capture_student_page" />
      </Link>
    </div>
  );
}
