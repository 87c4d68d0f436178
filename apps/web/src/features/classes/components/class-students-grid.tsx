import type { TeachingClass } from '@skillroom/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { buttonClass } from '../../../components/ui/button';
import { canManageStudents, fullName } from '../../../lib/teaching-classes';

/** The class's students as a grid of pictures and names, each opening the student's page. */
/** In select mode the tiles become checkboxes: the students a rating will name. */
export interface StudentPicking {
  ids: number[];
  onToggle: (id: number) => void;
}

const tile = 'flex h-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-center shadow-sm transition';

export function ClassStudentsGrid({ cls, picking }: { cls: TeachingClass; picking?: StudentPicking | null }) {
  const intl = useIntl();
  const collator = new Intl.Collator(intl.locale);
  const students = [...(cls.teachingClassStudents ?? [])].sort((a, b) => collator.compare(fullName(a), fullName(b)));
  const manage = canManageStudents(cls);

  return (
    <section aria-labelledby="class-students-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="class-students-title" className="text-xl font-semibold text-slate-900">
          <FormattedMessage id="web_class_detail_students" values={{ count: students.length }} />
        </h2>
        {manage && !picking && (
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
      {students.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={manage ? 'web_class_detail_no_students_teacher' : 'web_class_detail_no_students'} />
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {students.map((s) =>
            picking ? (
              <li key={s.id}>
                <label
                  className={`${tile} relative cursor-pointer has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:ring-2 has-[:checked]:ring-teal-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700`}
                >
                  <input
                    type="checkbox"
                    className="absolute top-2 left-2 h-5 w-5 accent-teal-700"
                    checked={picking.ids.includes(s.id)}
                    onChange={() => picking.onToggle(s.id)}
                  />
                  <Avatar media={s.avatar} name={fullName(s)} size={64} />
                  <span className="text-sm font-medium break-words text-slate-900">{fullName(s)}</span>
                </label>
              </li>
            ) : (
              <li key={s.id}>
                <Link
                  to={`/teaching-class/${cls.id}/student/${s.id}`}
                  className={`${tile} hover:border-teal-600 hover:shadow focus-visible:outline-2 focus-visible:outline-teal-700`}
                >
                  <Avatar media={s.avatar} name={fullName(s)} size={64} />
                  <span className="text-sm font-medium break-words text-slate-900">{fullName(s)}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
