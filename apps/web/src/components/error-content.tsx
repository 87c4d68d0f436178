import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useScreenView } from '../lib/analytics';
import { errorStatus } from '../lib/teaching-classes';
import { Alert } from './ui/alert';
import { Button, buttonClass } from './ui/button';

function Frame({ code, tone, title, body }: { code: string; tone: string; title: ReactNode; body: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className={`text-5xl font-bold ${tone}`} aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{body}</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        <FormattedMessage id="web_common_go_dashboard" />
      </Link>
    </div>
  );
}

/** The not-found page's content, for the catch-all route and for a screen whose resource the API does not know. */
export function NotFoundContent() {
  useScreenView('404');
  return <Frame code="404" tone="text-teal-700" title={<FormattedMessage id="web_not_found_title" />} body={<FormattedMessage id="web_not_found_body" />} />;
}

/** The forbidden page's content, for a screen the user may see but not use. */
export function ForbiddenContent() {
  useScreenView('403');
  return <Frame code="403" tone="text-amber-700" title={<FormattedMessage id="web_forbidden_title" />} body={<FormattedMessage id="web_forbidden_body" />} />;
}

/** What a screen shows when its main data failed: not found, forbidden, or a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = errorStatus(error);
  if (status === 404) return <NotFoundContent />;
  if (status === 403) return <ForbiddenContent />;
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="web_error_title" />
      </h1>
      <Alert>
        <FormattedMessage id="web_common_fetch_failed" />
      </Alert>
      <Button onClick={onRetry}>
        <FormattedMessage id="web_common_retry" />
      </Button>
    </div>
  );
}
