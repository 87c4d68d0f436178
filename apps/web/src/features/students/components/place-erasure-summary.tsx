import { refToId } from '@skillroom/contract/rules';
import type { PlaceErasure, TeachingClassStudent } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { ExportDownload } from '../../../components/export-download';
import { usePlaceErasure } from '../api/students-api';

/** The lines worth saying: a count of zero is left out, except that no rating names only them (said to reassure). */
function lines(e: PlaceErasure) {
  return [
    { id: 'web_student_erase_ratings', count: e.ratingsErased, shown: true },
    { id: 'web_student_erase_media', count: e.mediaErased, shown: e.mediaErased > 0 },
    { id: 'web_student_erase_kept', count: e.ratingsKept, shown: e.ratingsKept > 0 },
    { id: 'web_student_erase_links', count: e.familyLinks, shown: e.familyLinks > 0 },
    { id: 'web_student_erase_requests', count: e.pendingRequests, shown: e.pendingRequests > 0 },
    e.studentErased
      ? { id: 'web_student_erase_everywhere', count: 0, shown: true }
      : { id: 'web_student_erase_elsewhere', count: e.otherClasses, shown: true },
  ].filter((l) => l.shown);
}

/**
 * What removing a student erases, counted by the server by the erasure's own rules, and their record to download
 * first (issue 36 §7): a teacher confirms knowing what goes, and can keep a copy.
 */
export function PlaceErasureSummary({ place }: { place: TeachingClassStudent }) {
  const { data, error } = usePlaceErasure(place.id);
  const studentId = refToId(place.student);
  const classId = refToId(place.teachingClass);
  return (
    <div className="mt-2 space-y-3">
      {data ? (
        <ul className="list-disc space-y-1 pl-5" data-testid="place-erasure">
          {lines(data).map((l) => (
            <li key={l.id}>
              <FormattedMessage id={l.id} values={{ count: l.count }} />
            </li>
          ))}
        </ul>
      ) : (
        <p aria-live="polite">
          <FormattedMessage id={error ? 'web_student_erase_unknown' : 'web_student_erase_counting'} />
        </p>
      )}
      {studentId !== null && (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <ExportDownload
            path={`/export/student/${studentId}${classId === null ? '' : `?teachingClassId=${classId}`}`}
            label={<FormattedMessage id="web_export_record" />}
            hint={<FormattedMessage id="web_student_erase_export_first" />}
            fallbackName={`record-${studentId}.zip`}
          />
        </div>
      )}
    </div>
  );
}
