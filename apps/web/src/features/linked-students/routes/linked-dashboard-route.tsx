import { refToId } from '@skillroom/contract/rules';
import type { HydraCollection, StudentProfileUser, TeachingClass } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import useSWR from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useStudentLinks } from '../../../entities/invitations/student-links-api';
import { useScreenView } from '../../../lib/analytics';
import { withQuery } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/teaching-classes';
import { LinkStudentCard } from '../components/link-student-card';
import { useNewEvidence } from '../../../entities/notifications/new-evidence';

const cardLink = 'flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-teal-600';

/** The dashboard of a parent, student or other account (DESIGN §1): their students, the link form, classes they evaluate. */
export function LinkedDashboardRoute() {
  useScreenView('Class List');
  const intl = useIntl();
  const { user } = useCurrentUser();
  const links = useStudentLinks({ 'user.id': user?.id ?? null });
  const items = links.data?.['hydra:member'] ?? [];
  const news = useNewEvidence(items.length > 0);

  return (
    <Page title={<FormattedMessage id="web_dashboard_title" values={{ name: user?.firstName ?? '' }} />}>
      <div className="space-y-8">
        <section aria-labelledby="linked-students-title" className="space-y-3">
          <h2 id="linked-students-title" className="text-lg font-semibold">
            <FormattedMessage id="web_linked_title" />
          </h2>
          {links.error && !links.data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
          {!links.data && !links.error && <Loading />}
          {links.data && items.length === 0 && (
            <EmptyState title={<FormattedMessage id="web_linked_empty_title" />}>
              <FormattedMessage id="web_linked_empty_body" />
            </EmptyState>
          )}
          {items.length > 0 && (
            <ul className="grid gap-4 md:grid-cols-2" aria-labelledby="linked-students-title">
              {items.map((link) => (
                <LinkedStudent key={link.id} link={link} news={news.get(refToId(link.teachingClassStudent) ?? 0)?.length ?? 0} />
              ))}
            </ul>
          )}
        </section>
        {user && <LinkStudentCard userId={user.id} />}
        <EvaluatedClasses />
      </div>
    </Page>
  );
}

/** A linked child, marked with how many ratings are new since the family last opened them (DESIGN §11). */
function LinkedStudent({ link, news }: { link: StudentProfileUser; news: number }) {
  const placeId = refToId(link.teachingClassStudent);
  const name = fullName(link.student);
  return (
    <li>
      <Link to={`/student/${placeId}`} className={cardLink}>
        <Avatar media={link.student.avatar} name={name} size={56} eager />
        <span className="min-w-0">
          <span className="block text-base font-semibold break-words text-slate-900">{name}</span>
          <span className="block text-sm break-words text-slate-700">
            {link.teachingClass.name}
            {link.teachingClass.school && <> · {link.teachingClass.school.name}</>}
          </span>
          {news > 0 && (
            <span
              className="mt-1 inline-block rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="new-evidence"
            >
              <FormattedMessage id="web_linked_new_ratings" values={{ count: news }} />
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

export const EVALUATED_CLASSES_KEY = withQuery('/teaching-classes', { page: 1, itemsPerPage: 10 });

/** Any account may evaluate classes of a subscription (DESIGN §1): those show here, when there are some. */
function EvaluatedClasses() {
  const { data } = useSWR<HydraCollection<TeachingClass>>(EVALUATED_CLASSES_KEY);
  const classes = data?.['hydra:member'] ?? [];
  if (!classes.length) return null;
  return (
    <section aria-labelledby="evaluated-title" className="space-y-3">
      <h2 id="evaluated-title" className="text-lg font-semibold">
        <FormattedMessage id="web_dashboard_scope_evaluated" />
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {classes.map((c) => (
          <li key={c.id}>
            <Link to={`/teaching-class/${c.id}`} className={cardLink}>
              <Avatar media={c.avatar} name={c.name} size={48} />
              <span className="text-base font-semibold break-words text-slate-900">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
