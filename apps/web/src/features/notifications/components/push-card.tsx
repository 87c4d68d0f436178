import { FormattedMessage } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { useEnablePush } from '../../../entities/push/use-push';

/** Browser notifications: the user turns them on here, which asks the browser's permission (spec §4). */
export function PushCard() {
  const { state, busy, failed, enable } = useEnablePush();
  if (state === 'unsupported') return null;
  return (
    <CardSection title={<FormattedMessage id="web_push_title" />}>
      {state === 'granted' && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_push_on" />
        </p>
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
