import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { usePublicConfig } from '../../../lib/public-config';

/** In demo mode the sign-in page lists the demo accounts; picking one fills the form. */
export function DemoAccounts({ onPick }: { onPick: (username: string, password: string) => void }) {
  const intl = useIntl();
  const { data } = usePublicConfig();
  if (!data?.demo || !data.demoAccounts?.length) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold">
        <FormattedMessage id="web_demo_title" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="web_demo_hint" values={{ password: <code className="rounded bg-slate-100 px-1">{data.demoAccounts[0]!.password}</code> }} />
      </p>
      <ul className="mt-3 divide-y divide-slate-200">
        {data.demoAccounts.map((a) => (
          <li key={a.username} className="flex items-center justify-between gap-3 py-2">
            <div>
              <div className="font-mono text-sm">{a.username}</div>
              <div className="text-sm text-slate-600">
                <FormattedMessage id={`web_demo_role_${a.username}`} defaultMessage={a.role} />
              </div>
            </div>
            <Button variant="secondary" onClick={() => onPick(a.username, a.password)} aria-label={intl.formatMessage({ id: 'web_demo_use_account' }, { username: a.username })}>
              <FormattedMessage id="web_demo_use" />
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
