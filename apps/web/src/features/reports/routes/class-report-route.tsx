import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { ReportFrame } from '../components/report-frame';

/** `/teaching-class/{id}/report`: the class's report (spec §2 "Report (Class)"). */
export function ClassReportRoute() {
  useScreenView('Report (Class)');
  const id = routeId(useParams().teachingClassId);
  const cls = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  if (cls.error && !cls.data) return <LoadError error={cls.error} onRetry={() => void cls.mutate()} />;
  if (!cls.data) return <Loading />;
  return (
    <ReportFrame
      title={<FormattedMessage id="web_report_class_title" values={{ name: cls.data.name }} />}
      subtitle={cls.data.school?.name}
      subject={{ kind: 'class', id }}
      backPath={`/teaching-class/${id}`}
      backLabel={<FormattedMessage id="web_classes_back_to_class" />}
    />
  );
}
