import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../lib/api-client';
import { downloadFile, type DownloadProgress } from '../lib/download-file';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

interface Props {
  /** The API path of the zip (`/export/student/8?teachingClassId=3`, `/export/class/3`). */
  path: string;
  label: ReactNode;
  fallbackName: string;
  hint?: ReactNode;
}

const errorId = (e: unknown) =>
  e instanceof ApiError && e.status === 403
    ? 'web_export_forbidden'
    : e instanceof ApiError && e.status === 429
      ? 'web_export_busy'
      : 'web_export_failed';

/**
 * A record export (DESIGN §6): the zip is fetched with the token and read against its Content-Length, so a bar shows
 * how far it got; it can be cancelled, and a failure says so beside the button.
 */
export function ExportDownload({ path, label, fallbackName, hint }: Props) {
  const intl = useIntl();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'info' | 'success'; id: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen cancels a download still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const c = new AbortController();
    controller.current = c;
    setOutcome(null);
    setProgress({ loaded: 0, total: null });
    try {
      await downloadFile(path, fallbackName, { signal: c.signal, onProgress: setProgress });
      setOutcome({ tone: 'success', id: 'web_export_done' });
    } catch (e) {
      setOutcome(c.signal.aborted ? { tone: 'info', id: 'web_export_cancelled' } : { tone: 'error', id: errorId(e) });
    } finally {
      if (controller.current === c) controller.current = null;
      setProgress(null);
    }
  };

  // Formatted only while a download runs (react-intl keeps the formatter): a page's first number formatter loads ICU's
  // number data, 50-100 ms of main thread here, which the first render of the screens that show this must not pay.
  const size = (n: number) => intl.formatNumber(n / 1_000_000, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const running = progress !== null;
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" busy={running} onClick={() => void start()}>
          {label}
        </Button>
        {running && (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            <FormattedMessage id="web_export_cancel" />
          </Button>
        )}
      </div>
      {hint && !running && <p className="text-sm text-slate-700">{hint}</p>}
      {running && (
        <div className="max-w-md space-y-1">
          <progress
            className="h-2 w-full accent-teal-700"
            aria-label={intl.formatMessage({ id: 'web_export_progress_label' })}
            max={progress.total ?? undefined}
            value={progress.total ? progress.loaded : undefined}
          />
          <p className="text-sm text-slate-700" aria-live="polite">
            {progress.loaded === 0 ? (
              <FormattedMessage id="web_export_preparing" />
            ) : progress.total ? (
              <FormattedMessage id="web_export_progress" values={{ loaded: size(progress.loaded), total: size(progress.total) }} />
            ) : (
              <FormattedMessage id="web_export_progress_unknown" values={{ loaded: size(progress.loaded) }} />
            )}
          </p>
        </div>
      )}
      {outcome && (
        <Alert tone={outcome.tone}>
          <FormattedMessage id={outcome.id} />
        </Alert>
      )}
    </div>
  );
}
