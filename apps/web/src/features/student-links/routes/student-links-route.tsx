import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ForbiddenContent } from '../../../components/error-content';
import { buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { PlaceGate, type PlaceView } from '../../../entities/teaching-class-students/place-gate';
import { useScreenView } from '../../../lib/analytics';
import { fullName, may } from '../../../lib/teaching-classes';
import { AccessLogList } from '../components/access-log-list';
import { RecordExport } from '../../../entities/teaching-class-students/record-export';
import { LinkRequests } from '../components/link-requests';
import { LinkedUsers } from '../components/linked-users';
import { OtherClassLinks } from '../components/other-class-links';
import { StudentCodeCard } from '../components/student-code-card';

export function StudentLinksRoute() {
  return (
    <PlaceGate>
      {(view) => (may(view.cls, 'manageLinks') ? <StudentLinks {...view} key={view.place.id} /> : <ForbiddenContent />)}
    </PlaceGate>
  );
}

/** Student management (spec §2): the code a family links with (copy, new, the family letter), requests and linked users. */
function StudentLinks({ place, cls, basePath }: PlaceView) {
  useScreenView('Student management');
  const name = fullName(place);
  return (
    <Page
      title={<FormattedMessage id="web_student_links_title" values={{ name }} />}
      actions={
        <Link to={basePath} className={buttonClass('secondary')}>
          <FormattedMessage id="web_student_links_back" values={{ name }} />
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <LinkRequests place={place} />
          <LinkedUsers place={place} />
          <OtherClassLinks place={place} />
          {may(cls, 'readAccessLog') && <AccessLogList place={place} />}
        </div>
        <div className="space-y-6">
          <StudentCodeCard place={place} />
          <RecordExport place={place} />
        </div>
      </div>
    </Page>
  );
}
