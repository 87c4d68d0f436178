import { translationKey } from '@skillroom/contract/rules';
import { useIntl, type IntlShape } from 'react-intl';

interface Named {
  name: string;
  translationKey: string | null;
}

/** A catalogue skill or action in the reader's language; a custom one as its author wrote it. */
export function nameOf(intl: IntlShape, x: Named): string {
  return x.translationKey ? intl.formatMessage({ id: translationKey(x.translationKey), defaultMessage: x.name }) : x.name;
}

export function useNameOf() {
  const intl = useIntl();
  return (x: Named) => nameOf(intl, x);
}
