import { FormattedMessage } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { useEnablePush } from '../../../entities/push/use-push';

/** Browser notifications: the user turns them on here, which asks the browser's permission (spec §4). */
export function PushCard() {
  const { state, busy, failed, enable, registration, retry } = useEnablePush();
  if (state === 'unsupported') return null;
  return (
    <CardSection title={<FormattedMessage id="web_push_title" />}>
      {state === 'granted' && registration !== 'failed' && (
        <p className="text-sm text-slate-700" aria-live="polite">
          <FormattedMessage id={registration === 'registered' ? 'web_push_on' : 'web_push_checking'} />
        </p>
      )}
      {state === 'granted' && registration === 'failed' && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Alert>
            <FormattedMessage id="web_push_not_registered" />
          </Alert>
          <Button variant="secondary" onClick={retry}>
            <FormattedMessage id="web_push_retry" />
          </Button>
        </div>
      )}
      {state === 'denied' && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_push_denied" />
        </p>
      )}
      {state === 'default' && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_push_off" />
          </p>
          <Button variant="secondary" busy={busy} onClick={() => void enable()}>
            <FormattedMessage id="web_push_enable" />
          </Button>
        </div>
      )}
      {failed && (
        <Alert>
          <FormattedMessage id="web_push_failed" />
        </Alert>
      )}
    </CardSection>
  );
}
