import { refToId } from '@skillroom/contract/rules';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { usePlace } from '../../../entities/teaching-class-students/place-api';
import { useScreenView } from '../../../lib/analytics';
import { fullName, routeId } from '../../../lib/teaching-classes';
import { ReportFrame } from '../components/report-frame';

/**
 * `.../student/{tcsId}/report` under either student path (spec §2 "Report (Student)"): the student's report in this
 * class, or across every class of theirs the viewer may see (a linked parent included, DESIGN §2).
 */
export function StudentReportRoute() {
  useScreenView('Report (Student)');
  const params = useParams();
  const placeId = routeId(params.teachingClassStudentId);
  const pathClassId = params.teachingClassId === undefined ? undefined : routeId(params.teachingClassId);
  const place = usePlace(placeId);
  const [allClasses, setAllClasses] = useState(false);

  if (!placeId || pathClassId === null) return <NotFoundContent />;
  if (place.error && !place.data) return <LoadError error={place.error} onRetry={() => void place.mutate()} />;
  if (!place.data) return <Loading />;
  const classId = refToId(place.data.teachingClass);
  const studentId = refToId(place.data.student);
  if ((pathClassId !== undefined && pathClassId !== classId) || !studentId) return <NotFoundContent />;
  const base = pathClassId !== undefined ? `/teaching-class/${pathClassId}/student/${placeId}` : `/student/${placeId}`;

  return (
    <ReportFrame
      title={<FormattedMessage id="web_report_student_title" values={{ name: fullName(place.data) }} />}
      subject={{ kind: 'student', id: studentId, classId: allClasses ? null : classId }}
      backPath={base}
      backLabel={<FormattedMessage id="web_report_back_to_student" />}
      extra={
        <label className="flex w-fit items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-teal-700"
            checked={allClasses}
            onChange={(e) => setAllClasses(e.target.checked)}
          />
          <FormattedMessage id="web_report_all_classes" />
        </label>
      }
    />
  );
}
