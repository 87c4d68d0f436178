import type { TeachingClass } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ClassCodeCard } from '../../../components/class-code-card';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { may, routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { ClassTeachersList } from '../components/class-teachers-list';
import { TeacherRequests } from '../components/teacher-requests';

export function TeachersRoute() {
  const id = routeId(useParams().teachingClassId);
  const { data, error, mutate } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  return <Teachers cls={data} />;
}

/** Co-teacher management (spec §2): the class's teachers, the creator's answers to requests, the code to join with. */
function Teachers({ cls }: { cls: TeachingClass }) {
  useScreenView('Coteacher management');
  return (
    <Page
      title={<FormattedMessage id="web_teachers_title" values={{ name: cls.name }} />}
      actions={
        <Link to={`/teaching-class/${cls.id}`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_classes_back_to_class" />
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <ClassTeachersList cls={cls} />
          {/* A finished class takes no one new until it is reopened (DESIGN §7): no requests to answer, no code. */}
          {may(cls, 'manageTeachers') && !cls.isFinished && <TeacherRequests cls={cls} />}
        </div>
        <div className="space-y-6">{cls.invitationCode && !cls.isFinished && <ClassCodeCard cls={cls} />}</div>
      </div>
    </Page>
  );
}
