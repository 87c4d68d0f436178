import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** The way back from the password screens to signing in. */
export function BackToSignIn() {
  return (
    <p className="mt-4 text-sm">
      <Link to="/sign-in/" className="text-teal-800 underline">
        <FormattedMessage id="web_common_back_to_sign_in" />
      </Link>
    </p>
  );
}
