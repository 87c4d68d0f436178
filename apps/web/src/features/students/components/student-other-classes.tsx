import { refToId } from '@skillroom/contract/rules';
import type { HydraCollection, TeachingClassStudent } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import useSWR from 'swr';
import { studentPlacesKey, useAllClasses } from '../api/students-api';

/**
 * The student's places in the user's other classes (the same Student, copied or added there), so that a
 * teacher moves between a student's classes in one step. Nothing shows when there are none.
 */
export function StudentOtherClasses({ place }: { place: TeachingClassStudent }) {
  const studentId = refToId(place.student);
  const places = useSWR<HydraCollection<TeachingClassStudent>>(studentId ? studentPlacesKey(studentId) : null);
  const others = (places.data?.['hydra:member'] ?? []).filter((p) => p.id !== place.id);
  const classes = useAllClasses(others.length > 0);
  const names = new Map((classes.data?.['hydra:member'] ?? []).map((c) => [c.id, c.name]));
  const listed = others.filter((p) => names.has(refToId(p.teachingClass) ?? 0));
  if (!listed.length) return null;

  return (
    <section aria-labelledby="other-classes-title" className="space-y-2">
      <h2 id="other-classes-title" className="text-lg font-semibold">
        <FormattedMessage id="web_student_detail_other_classes" />
      </h2>
      <ul className="flex flex-wrap gap-2">
        {listed.map((p) => {
          const classId = refToId(p.teachingClass)!;
          return (
            <li key={p.id}>
              <Link
                to={`/teaching-class/${classId}/student/${p.id}`}
                className={
                  'inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium ' +
                  'text-teal-800 hover:border-teal-600'
                }
              >
                {names.get(classId)}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
