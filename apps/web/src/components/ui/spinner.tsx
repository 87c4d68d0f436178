import { useIntl } from 'react-intl';

export function Spinner({ small = false }: { small?: boolean }) {
  const size = small ? 'h-4 w-4' : 'h-8 w-8';
  return <span className={`inline-block ${size} animate-spin rounded-full border-2 border-current border-t-transparent`} aria-hidden="true" />;
}

/** A loading state that says so to screen readers. */
export function Loading() {
  const intl = useIntl();
  return (
    <div className="flex justify-center py-12 text-teal-700" role="status">
      <Spinner />
      <span className="sr-only">{intl.formatMessage({ id: 'web_common_loading' })}</span>
    </div>
  );
}
