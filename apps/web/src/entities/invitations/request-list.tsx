import type { HydraCollection, Media } from '@skillroom/contract/types';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { CardSection } from '../../components/ui/page';
import { formatDate } from '../../lib/dates';

interface Request {
  id: number;
  created: string;
}

interface RequestListProps<R extends Request> {
  data: HydraCollection<R> | undefined;
  error: unknown;
  /** Message id shown when nobody is waiting. */
  emptyId: string;
  /** Who asked: the name, picture and what else the row says about them. */
  asker: (r: R) => { name: string; avatar: Media | string | null; detail?: ReactNode };
  /** Accepts or rejects one request; its own toasts and cache refreshes. */
  answer: (r: R, accept: boolean, name: string) => Promise<void>;
}

/** Requests waiting for an answer (to join a class, to link to a student), each with accept and reject. */
export function RequestList<R extends Request>({ data, error, emptyId, asker, answer }: RequestListProps<R>) {
  const intl = useIntl();
  const [busy, setBusy] = useState<number | null>(null);
  const requests = data?.['hydra:member'] ?? [];

  const respond = async (r: R, accept: boolean, name: string) => {
    setBusy(r.id);
    try {
      await answer(r, accept, name);
    } finally {
      setBusy(null);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_teachers_requests" values={{ count: requests.length }} />}>
      {Boolean(error) && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      {data && requests.length === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id={emptyId} />
        </p>
      )}
      {requests.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {requests.map((r) => {
            const { name, avatar, detail } = asker(r);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar media={avatar} name={name} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-sm text-slate-600">
                    {detail}
                    <FormattedMessage id="web_teachers_asked_on" values={{ date: formatDate(r.created) }} />
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    busy={busy === r.id}
                    disabled={busy !== null}
                    onClick={() => void respond(r, true, name)}
                    aria-label={intl.formatMessage({ id: 'web_teachers_accept_named' }, { name })}
                  >
                    <FormattedMessage id="web_invitation_accept" />
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy !== null}
                    onClick={() => void respond(r, false, name)}
                    aria-label={intl.formatMessage({ id: 'web_teachers_reject_named' }, { name })}
                  >
                    <FormattedMessage id="web_invitation_reject" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </CardSection>
  );
}
