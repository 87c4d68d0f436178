import { ClassUserType } from '@skillroom/contract/constants';
import type { TeachingClass } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatDate } from '../../../lib/dates';

const roleStyle: Record<ClassUserType, string> = {
  [ClassUserType.Creator]: 'bg-teal-100 text-teal-900',
  [ClassUserType.CoTeacher]: 'bg-indigo-100 text-indigo-900',
  [ClassUserType.Evaluator]: 'bg-amber-100 text-amber-900',
};

export function ClassRoleBadge({ role }: { role: ClassUserType }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${roleStyle[role]}`}>
      <FormattedMessage id={`web_class_role_${role}`} />
    </span>
  );
}

export function ClassCard({ teachingClass: c }: { teachingClass: TeachingClass }) {
  const intl = useIntl();
  const grade = c.grade ? intl.formatMessage({ id: 'web_class_card_grade' }, { grade: c.grade }) : null;
  return (
    <li>
      <Link
        to={`/teaching-class/${c.id}`}
        className={
          'flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition ' + 'hover:border-teal-600 hover:shadow'
        }
      >
        <Avatar media={c.avatar} name={c.name} size={56} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            {/* A long name (or one long word) wraps inside the card instead of pushing the page sideways. */}
            <h2 className="min-w-0 text-lg font-semibold wrap-anywhere text-slate-900">{c.name}</h2>
            <ClassRoleBadge role={c.userType} />
          </div>
          <p className="text-sm text-slate-700">{[grade, c.term, c.school?.name].filter(Boolean).join(' · ')}</p>
          <p className="text-sm text-slate-600">
            {formatDate(c.start)} – {formatDate(c.end)}
          </p>
          <p className="text-sm text-slate-600">
            <FormattedMessage id="web_class_counts" values={{ students: c.numStudents, teachers: c.numTeachers }} />
            {/* DESIGN §12: how many students wait to be observed (the list leaves it out for a finished class), on the
                counts' line: the dashboard's first screen was within 50 bytes of its budget. */}
            {c.notObserved ? (
              <>
                {' · '}
                <FormattedMessage id="web_class_waiting" values={{ count: c.notObserved, days: c.coverageDays }} />
              </>
            ) : null}
          </p>
        </div>
      </Link>
    </li>
  );
}
