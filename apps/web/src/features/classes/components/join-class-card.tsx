import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { useMyPendingTeacherRequests } from '../../../entities/invitations/teacher-invitations-api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';

// Loaded when the card is unfolded: the dashboard's first screen carries neither the form nor its library.
const loadForm = () => import('./join-class-form');
const JoinClassForm = lazy(() => loadForm().then((m) => ({ default: m.JoinClassForm })));
// A pointer over the button or focus on it starts the load: the field is mostly there by the click.
const preloadForm = () => void loadForm().catch(() => undefined);

/**
 * "Join a class" (DESIGN §1): a teacher enters a class code, sees which class it opens, and asks its creator to join;
 * the requests still waiting for an answer are listed below. Folded to one line until asked for (issue 36 §16): most
 * visits to the dashboard are for the teacher's own classes, which a phone's first screen should show.
 */
export function JoinClassCard() {
  const { user } = useCurrentUser();
  const pending = useMyPendingTeacherRequests(user?.id ?? null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const requests = pending.data?.['hydra:member'] ?? [];

  return (
    <Card>
      <section aria-labelledby={titleId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            <FormattedMessage id="web_join_title" />
          </h2>
          {!open && (
            <Button
              variant="secondary"
              aria-expanded={false}
              onPointerEnter={preloadForm}
              onFocus={preloadForm}
              onClick={() => setOpen(true)}
            >
              <FormattedMessage id="web_join_open" />
            </Button>
          )}
        </div>
        {open && (
          <Suspense fallback={null}>
            <JoinClassForm />
          </Suspense>
        )}
        {requests.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-800">
              <FormattedMessage id="web_join_pending" />
            </h3>
            <ul className="mt-2 space-y-2">
              {requests.map((r) => (
                <li key={r.id} className="flex items-center gap-3 text-sm">
                  <Avatar media={r.teachingClass.avatar} name={r.teachingClass.name} />
                  <span className="min-w-0 break-words">
                    <FormattedMessage
                      id="web_join_pending_item"
                      values={{ name: <strong>{r.teachingClass.name}</strong>, date: formatDate(r.created) }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}
