import { FormattedMessage } from 'react-intl';
import { buttonClass } from '../components/ui/button';

/** A screen that failed to load (a new deploy replaced its code, or the network dropped). */
export function RouteError() {
  return (
    <main id="main" className="mx-auto max-w-md space-y-4 p-8 text-center">
      <h1 className="text-xl font-bold">
        <FormattedMessage id="web_error_title" />
      </h1>
      <p>
        <FormattedMessage id="web_error_body" />
      </p>
      <a href={window.location.href} className={buttonClass('primary')}>
        <FormattedMessage id="web_common_retry" />
      </a>
    </main>
  );
}
