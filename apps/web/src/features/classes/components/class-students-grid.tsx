import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { memo, useId, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { control } from '../../../components/ui/field';
import { fullName, may } from '../../../lib/teaching-classes';
import { foldName, sortByName } from '../../../lib/name-order';
import { ClockIcon } from './coverage-panel';

interface Props {
  cls: TeachingClass;
  /** Quick rating (DESIGN §7): a tap on a student, or on "Whole class" (null), opens the rating sheet. None when finished. */
  onRate?: ((studentId: number | null) => void) | null;
  /**
   * DESIGN §12 coverage: the places not observed in the class's `coverageDays` (`days`), marked, and those of the page's
   * first answer (`first`) listed first, so that the banner's students are one tap from the rating sheet. Kept by the
   * caller across renders (the grid is memoised).
   */
  notObserved?: { places: ReadonlySet<number>; first: ReadonlySet<number>; days: number } | null;
  /** The coverage line (DESIGN §12), drawn in place of the rating hint above the tiles; kept by the caller across renders. */
  banner?: ReactNode;
}

// Three tiles a row on a phone, small pictures: six students and more on the first screen of a 30-student class (issue 36).
// Only utilities the stylesheet already has: it is part of every screen's first load (scripts/check-bundle-size.mjs).
const tile =
  'flex h-full w-full flex-col items-center gap-1.5 rounded-lg border border-slate-200 bg-white p-2 text-center shadow-sm transition';
// A student not observed lately (DESIGN §12): the same tile in the coverage banner's amber.
const waitingTile = tile.replace('border-slate-200 bg-white', 'border-amber-400 bg-amber-50');
const PICTURE = 48;
const nameText = 'text-sm leading-tight font-medium wrap-anywhere text-slate-900';
const hover = 'hover:border-teal-600 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
// A student's page: a link under the tile on wider screens; on a phone a 32-px corner of the tile (a person icon), so that a
// row of tiles costs no extra line.
const pageLink = 'hidden rounded-md py-2 text-center text-xs font-medium text-teal-800 underline hover:bg-slate-100 sm:block';
const cornerLink = 'absolute right-0 flex h-8 w-8 items-center justify-center rounded-lg bg-slate-100 text-teal-800 sm:hidden';

/**
 * The class's students as a grid of pictures and names, with a name filter; each rates the student or opens their page.
 * Drawn again only when the class or the rating callback changes, not when the sheet opens or the class's skills arrive.
 */
export const ClassStudentsGrid = memo(function ClassStudentsGrid({ cls, onRate, notObserved = null, banner = null }: Props) {
  const intl = useIntl();
  const filterId = useId();
  const [query, setQuery] = useState('');
  // Sorted once per list and locale, not on every keystroke in the filter.
  const all = useMemo(() => {
    const sorted = sortByName(cls.teachingClassStudents ?? [], fullName, intl.locale);
    const waiting = notObserved?.first;
    return waiting?.size ? [...sorted.filter((s) => waiting.has(s.id)), ...sorted.filter((s) => !waiting.has(s.id))] : sorted;
  }, [cls.teachingClassStudents, intl.locale, notObserved]);
  // Accents and case do not matter when looking a name up ("jose" finds José).
  const students = query.trim() ? all.filter((s) => foldName(fullName(s)).includes(foldName(query.trim()))) : all;
  const manage = may(cls, 'manageStudents') && !cls.isFinished;

  return (
    <section aria-labelledby="class-students-title" className="space-y-3">
      {/* The title and the name filter share a row (a search field beside "Students", its full label said to screen readers),
          the class's buttons after them, on the same row on wider screens: the students start on a phone's first screen. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex flex-1 items-center gap-x-3">
          <h2 id="class-students-title" className="text-lg font-semibold text-slate-900">
            <FormattedMessage id="web_class_detail_students" values={{ count: all.length }} />
          </h2>
          {all.length > 0 && (
            <div className="relative flex-1" style={{ minWidth: '8rem', maxWidth: '20rem' }}>
              <label htmlFor={filterId} className="sr-only">
                <FormattedMessage id="web_capture_filter" />
              </label>
              <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center px-3 text-slate-600">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                  <circle cx="8.5" cy="8.5" r="5.5" />
                  <path d="m13 13 4.5 4.5" strokeLinecap="round" />
                </svg>
              </span>
              <input
                id={filterId}
                type="search"
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'web_capture_filter_placeholder' })}
                className={`${control} pl-10 placeholder:text-slate-600`}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
          )}
        </div>
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
      {all.length > 0 &&
        (banner ??
          (onRate && (
            <p className="text-sm text-slate-700">
              <FormattedMessage id="web_capture_grid_hint" />
            </p>
          )))}
      {all.length === 0 ? (
        <>
          {onRate && <WholeClassTile onRate={onRate} />}
          <EmptyState>
            <FormattedMessage id={manage ? 'web_class_detail_no_students_teacher' : 'web_class_detail_no_students'} />
          </EmptyState>
        </>
      ) : (
        <>
          <ul className="grid grid-cols-3 gap-2 md:grid-cols-4 lg:grid-cols-6">
            {onRate && !query.trim() && (
              <li>
                <WholeClassTile onRate={onRate} />
              </li>
            )}
            {students.map((s) => (
              <li key={s.id}>
                {onRate ? (
                  <RateTile cls={cls} student={s} onRate={onRate} waitingDays={notObserved?.places.has(s.id) ? notObserved.days : null} />
                ) : (
                  <PageTile cls={cls} student={s} />
                )}
              </li>
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
    <button type="button" className={`${tile} ${hover} justify-center border-indigo-200 bg-indigo-50`} onClick={() => onRate(null)}>
      <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-200 text-xl text-indigo-900">
        ★
      </span>
      <span className="text-sm leading-tight font-semibold text-indigo-950">
        <FormattedMessage id="web_capture_whole_class" />
      </span>
    </button>
  );
}

function PageTile({ cls, student }: { cls: TeachingClass; student: TeachingClassStudent }) {
  return (
    <Link to={`/teaching-class/${cls.id}/student/${student.id}`} className={`${tile} ${hover}`}>
      <Avatar media={student.avatar} name={fullName(student)} size={PICTURE} />
      <span className={nameText}>{fullName(student)}</span>
    </Link>
  );
}

interface RateTileProps {
  cls: TeachingClass;
  student: TeachingClassStudent;
  onRate: (id: number) => void;
  /** Not observed in that many days (DESIGN §12): the tile is marked, and its name says so. */
  waitingDays: number | null;
}

/** A tap rates; the student's page is one link below, named for them. */
function RateTile({ cls, student, onRate, waitingDays }: RateTileProps) {
  const intl = useIntl();
  const name = fullName(student);
  const pageOf = intl.formatMessage({ id: 'web_capture_student_page_of' }, { name });
  const label = intl.formatMessage({ id: 'web_capture_rate_student' }, { name });
  return (
    <div className="relative flex h-full flex-col gap-1">
      <button
        type="button"
        className={`${waitingDays === null ? tile : waitingTile} ${hover} flex-1`}
        aria-label={waitingDays === null ? label : `${label}, ${intl.formatMessage({ id: 'web_coverage_tile' }, { days: waitingDays })}`}
        data-not-observed={waitingDays === null ? undefined : ''}
        onClick={() => onRate(student.id)}
      >
        <Avatar media={student.avatar} name={name} size={PICTURE} />
        <span className={nameText}>{name}</span>
        {/* A shape as well as the colour says "not observed lately" (the button's name says it in words). */}
        {waitingDays !== null && <ClockIcon corner />}
      </button>
      <Link to={`/teaching-class/${cls.id}/student/${student.id}`} className={pageLink} aria-label={pageOf}>
        <FormattedMessage id="web_capture_student_page" />
      </Link>
      {/* At the tile's top (a static position would put it under the tile): an inline style, no new utility. */}
      <Link to={`/teaching-class/${cls.id}/student/${student.id}`} className={cornerLink} style={{ top: 0 }} aria-label={pageOf}>
        <PersonIcon />
      </Link>
    </div>
  );
}

/** The phone's sign for a student's page, in the tile's corner (the link's name says it). */
function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="10" cy="7" r="3.2" />
      <path d="M3.8 17c.9-3.2 3.3-5 6.2-5s5.3 1.8 6.2 5" strokeLinecap="round" />
    </svg>
  );
}
