import type { TeachingClassStudent } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { fullName } from '../../lib/teaching-classes';
import { sortByName } from '../../lib/name-order';

/** The students a rating names, as checkboxes; none checked is the whole class. */
export function StudentsPicker({
  students,
  ids,
  onChange,
}: {
  students: TeachingClassStudent[];
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const intl = useIntl();
  const sorted = sortByName(students, fullName, intl.locale);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_rating_students_label" />
      </legend>
      <p className="text-sm text-slate-700" role="status">
        {ids.length === 0 ? (
          <FormattedMessage id="web_rating_for_whole_class" />
        ) : (
          <FormattedMessage id="web_rating_for_students" values={{ count: ids.length }} />
        )}
      </p>
      {ids.length > 0 && (
        <Button variant="ghost" onClick={() => onChange([])}>
          <FormattedMessage id="web_rating_whole_class_instead" />
        </Button>
      )}
      <ul className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
        {sorted.map((s) => (
          <li key={s.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white p-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50">
              <input
                type="checkbox"
                className="h-4 w-4 accent-teal-700"
                checked={ids.includes(s.id)}
                onChange={() => onChange(ids.includes(s.id) ? ids.filter((x) => x !== s.id) : [...ids, s.id])}
              />
              <Avatar media={s.avatar} name={fullName(s)} size={24} />
              <span className="min-w-0 break-words">{fullName(s)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
