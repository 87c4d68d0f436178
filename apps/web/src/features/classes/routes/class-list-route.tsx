import { NotificationType } from '@skillroom/contract/constants';
import type { HydraCollection, TeachingClass } from '@skillroom/contract/types';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import useSWRInfinite from 'swr/infinite';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useLiveNotification } from '../../../entities/notifications/live-notifications';
import { useScreenView } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { classPageKey, type ClassScope } from '../api/classes-api';
import { ClassCard } from '../components/class-card';
import { JoinClassCard } from '../components/join-class-card';

const SCOPES: ClassScope[] = ['all', 'own', 'cotaught', 'evaluated'];
/**
 * Notifications that change which classes the user has (DESIGN §8): joined one (5), now own one (8), removed from one
 * (3). The list is an infinite one, which the shell's refresh by key cannot reach: it reads itself again.
 */
const CLASS_LIST_CHANGES = [NotificationType.TeacherInvitationAccepted, NotificationType.ClassOwned, NotificationType.TeacherRemoved];

export function ClassListRoute() {
  useScreenView('Class List');
  const intl = useIntl();
  const { user } = useCurrentUser();
  // Only teacher accounts create classes (DESIGN §1); others see the classes they evaluate.
  const teacher = user?.accountType === 'teacher';
  const [finished, setFinished] = useState(false);
  const [scope, setScope] = useState<ClassScope>('all');
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<HydraCollection<TeachingClass>>(
    classPageKey(finished, scope),
  );
  useLiveNotification(
    CLASS_LIST_CHANGES,
    useCallback(() => void mutate(), [mutate]),
  );
  // SWR counts a first read as loading even when the page brought its answer (server rendering): the answer is what counts.
  const loading = isLoading && !data;
  const classes = data?.flatMap((p) => p['hydra:member']) ?? [];
  const total = data?.[0]?.['hydra:totalItems'] ?? 0;
  const hasMore = classes.length < total;
  const sentinel = useInfiniteScroll(() => {
    if (!isValidating) void setSize(size + 1);
  }, hasMore);

  return (
    <Page
      title={<FormattedMessage id="web_dashboard_title" values={{ name: user?.firstName ?? '' }} />}
      actions={
        teacher && (
          <Link to="/teaching-class/new" className={buttonClass('primary')}>
            <FormattedMessage id="web_class_new" />
          </Link>
        )
      }
    >
      {teacher && (
        <div className="mb-6">
          <JoinClassCard />
        </div>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div
          role="tablist"
          aria-label={intl.formatMessage({ id: 'web_dashboard_period' })}
          className="inline-flex rounded-md border border-slate-300 bg-white p-1"
        >
          {[false, true].map((f) => (
            <button
              key={String(f)}
              type="button"
              role="tab"
              aria-selected={finished === f}
              className={`rounded px-4 py-2 text-sm font-semibold ${finished === f ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              onClick={() => setFinished(f)}
            >
              <FormattedMessage id={f ? 'web_dashboard_finished' : 'web_dashboard_current'} />
            </button>
          ))}
        </div>
        <div className="w-full sm:w-60">
          <SelectField
            label={intl.formatMessage({ id: 'web_dashboard_show' })}
            value={scope}
            onChange={(e) => setScope(e.target.value as ClassScope)}
          >
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `web_dashboard_scope_${s}` })}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {error && <Alert>{intl.formatMessage({ id: 'web_error_classes_load' })}</Alert>}
      {loading && <Loading />}
      {!loading && !error && classes.length === 0 && <EmptyClasses finished={finished} filtered={scope !== 'all'} teacher={teacher} />}
      <ul className="grid gap-4 md:grid-cols-2" aria-label={intl.formatMessage({ id: 'web_dashboard_classes' })}>
        {classes.map((c) => (
          <ClassCard key={c.id} teachingClass={c} />
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="py-6">
          {isValidating && <Loading />}
        </div>
      )}
    </Page>
  );
}

function EmptyClasses({ finished, filtered, teacher }: { finished: boolean; filtered: boolean; teacher: boolean }) {
  if (finished || filtered)
    return (
      <EmptyState>
        <FormattedMessage id={finished ? 'web_dashboard_no_finished' : 'web_dashboard_no_match'} />
      </EmptyState>
    );
  // Only teacher accounts create classes; anyone else is told how to become one.
  const next = teacher
    ? {
        title: 'web_dashboard_empty_title',
        body: 'web_dashboard_empty_body',
        action: 'web_dashboard_empty_action',
        to: '/teaching-class/new',
        variant: 'primary' as const,
      }
    : {
        title: 'web_dashboard_empty_other_title',
        body: 'web_dashboard_empty_other_body',
        action: 'web_dashboard_empty_other_action',
        to: '/profile/edit',
        variant: 'secondary' as const,
      };
  return (
    <EmptyState
      title={<FormattedMessage id={next.title} />}
      action={
        <Link to={next.to} className={buttonClass(next.variant)}>
          <FormattedMessage id={next.action} />
        </Link>
      }
    >
      <FormattedMessage id={next.body} />
    </EmptyState>
  );
}
