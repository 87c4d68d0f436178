import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useScreenView } from '../../../lib/analytics';

export function ForbiddenRoute() {
  useScreenView('403');
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-5xl font-bold text-amber-700" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-2xl font-bold">
        <FormattedMessage id="web_forbidden_title" />
      </h1>
      <p className="mt-2 text-slate-700">
        <FormattedMessage id="web_forbidden_body" />
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        <FormattedMessage id="web_common_go_dashboard" />
      </Link>
    </div>
  );
}
