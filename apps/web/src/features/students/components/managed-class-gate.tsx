import type { TeachingClass } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ForbiddenContent, LoadError, NotFoundContent } from '../../../components/error-content';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { may, routeId, useTeachingClass } from '../../../lib/teaching-classes';

/**
 * Loads the class of the route for a screen that changes its students: not found, forbidden for evaluators
 * (DESIGN §2), a retry on failure, read-only while the class is finished (DESIGN §7), and otherwise the screen with
 * its class.
 */
export function ManagedClassGate({ children }: { children: (cls: TeachingClass) => ReactNode }) {
  const id = routeId(useParams().teachingClassId);
  const { data, error, mutate } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  if (!may(data, 'manageStudents')) return <ForbiddenContent />;
  if (data.isFinished)
    return (
      <Page narrow title={data.name}>
        <div className="space-y-4">
          <Alert tone="info">
            <FormattedMessage id="web_capture_finished_read_only" />
          </Alert>
          <Link to={`/teaching-class/${data.id}`} className={buttonClass('secondary')}>
            <FormattedMessage id="web_classes_back_to_class" />
          </Link>
        </div>
      </Page>
    );
  return children(data);
}
