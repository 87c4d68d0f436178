import { useIntl, FormattedMessage } from 'react-intl';
import { Button } from '../../components/ui/button';
import { AttachmentThumb } from './attachment-thumb';
import type { Attachment, AttachmentsState } from './use-attachments';

/** One chosen file: its thumbnail, name and kind, its upload's progress or error, and what may be done with it. */
export function AttachmentRow({
  a,
  state,
  waitingMessage = 'web_outbox_attachment_waiting',
}: {
  a: Attachment;
  state: AttachmentsState;
  waitingMessage?: string;
}) {
  const intl = useIntl();
  const percent = Math.round(a.progress * 100);
  return (
    <li className="flex gap-3 rounded-md border border-slate-200 bg-white p-2" data-status={a.status}>
      <AttachmentThumb a={a} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm">
          <span className="block font-medium break-all text-slate-900">{a.name}</span>
          <span className="block text-xs text-slate-600">
            <FormattedMessage id={`web_rating_kind_${a.mediaType}`} />
          </span>
        </p>
        <div className="flex flex-wrap gap-1">
          {a.status === 'failed' && a.file && (
            <Button variant="ghost" onClick={() => state.retry(a)}>
              <FormattedMessage id={a.uploadUrl ? 'web_upload_resume' : 'web_common_retry'} />
            </Button>
          )}
          {a.resumable && a.status === 'uploading' && (
            <Button
              variant="ghost"
              onClick={() => state.pause(a.key)}
              aria-label={intl.formatMessage({ id: 'web_upload_pause_named' }, { name: a.name })}
            >
              <FormattedMessage id="web_upload_pause" />
            </Button>
          )}
          {a.status === 'paused' && (
            <Button
              variant="ghost"
              onClick={() => state.resume(a.key)}
              aria-label={intl.formatMessage({ id: 'web_upload_resume_named' }, { name: a.name })}
            >
              <FormattedMessage id="web_upload_resume" />
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => state.remove(a.key)}
            aria-label={intl.formatMessage(
              {
                id:
                  a.status === 'uploading' || a.status === 'paused'
                    ? 'web_rating_upload_cancel_named'
                    : 'web_rating_attachment_remove_named',
              },
              { name: a.name },
            )}
          >
            <FormattedMessage
              id={a.status === 'uploading' || a.status === 'paused' ? 'web_rating_upload_cancel' : 'web_rating_attachment_remove'}
            />
          </Button>
        </div>
        {(a.status === 'uploading' || a.status === 'paused') && (
          <div
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'web_rating_uploading' }, { name: a.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-teal-700 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        )}
        {a.status === 'failed' && a.waiting && (
          <p className="text-sm text-slate-700" role="status">
            <FormattedMessage id={waitingMessage} />
          </p>
        )}
        {a.status === 'failed' && !a.waiting && (
          <p className="text-sm font-medium text-red-700" role="alert">
            <FormattedMessage id="web_error_media_upload" />
            {a.error && a.error !== intl.formatMessage({ id: 'web_error_media_upload' }) ? ` ${a.error}` : ''}
          </p>
        )}
      </div>
    </li>
  );
}
