import { LOCALES } from '@skillroom/contract/constants';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n';
import { SelectField } from './field';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = { en: 'English', 'zh-HK': '繁體中文（香港）', es: 'Español' };

export function LanguageOptions() {
  return LOCALES.map((l) => (
    <option key={l} value={l} lang={l}>
      {LANGUAGE_NAMES[l]}
    </option>
  ));
}

/** Switches the page's language at once; `onChange` lets the profile save it too. */
export function LanguageSelect({ onChange }: { onChange?: (locale: string) => void }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <SelectField
      label={intl.formatMessage({ id: 'web_common_language' })}
      value={locale}
      onChange={(e) => {
        setLocale(e.target.value);
        onChange?.(e.target.value);
      }}
    >
      <LanguageOptions />
    </SelectField>
  );
}
