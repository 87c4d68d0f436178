import { refToId } from '@skillroom/contract/rules';
import type { TeachingClassStudent } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { ExportDownload } from '../../components/export-download';

/** "Download record" for a student's place: their record in this class as a zip (DESIGN §6 "Export"). */
export function RecordExport({ place }: { place: TeachingClassStudent }) {
  const studentId = refToId(place.student);
  const classId = refToId(place.teachingClass);
  if (studentId === null) return null;
  return (
    <section aria-labelledby={`record-export-${place.id}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`record-export-${place.id}`} className="sr-only">
        <FormattedMessage id="web_export_record" />
      </h2>
      <ExportDownload
        path={`/export/student/${studentId}${classId === null ? '' : `?teachingClassId=${classId}`}`}
        label={<FormattedMessage id="web_export_record" />}
        hint={<FormattedMessage id="web_export_record_hint" />}
        fallbackName={`record-${studentId}.zip`}
      />
    </section>
  );
}
