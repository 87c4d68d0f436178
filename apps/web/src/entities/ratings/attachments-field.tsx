import { MEDIA_ACCEPTED_TYPES, MediaType } from '@skillroom/contract/constants';
import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { AudioRecorder, canRecordAudio } from './audio-recorder';
import type { Attachment, AttachmentsState } from './use-attachments';

interface Kind {
  type: MediaType;
  label: string;
  accept?: string;
  /** Opens the camera on a phone; a computer offers its file chooser. */
  capture?: 'environment';
}

const KINDS: Kind[] = [
  { type: MediaType.RatingPhoto, label: 'web_rating_add_photo', accept: MEDIA_ACCEPTED_TYPES.image.join(','), capture: 'environment' },
  { type: MediaType.RatingVideo, label: 'web_rating_add_video', accept: MEDIA_ACCEPTED_TYPES.video.join(','), capture: 'environment' },
  { type: MediaType.RatingAudio, label: 'web_rating_add_audio', accept: MEDIA_ACCEPTED_TYPES.audio.join(',') },
  { type: MediaType.RatingFile, label: 'web_rating_add_file' },
];

function PickButton({ kind, onFiles }: { kind: Kind; onFiles: (files: File[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const intl = useIntl();
  const label = intl.formatMessage({ id: kind.label });
  return (
    <>
      <input
        ref={ref}
        type="file"
        multiple
        accept={kind.accept}
        capture={kind.capture}
        className="sr-only"
        // The visible button opens it; the input itself stays out of the tab order.
        tabIndex={-1}
        aria-label={label}
        data-media-type={kind.type}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Button variant="secondary" onClick={() => ref.current?.click()}>
        {label}
      </Button>
    </>
  );
}

function Row({ a, state }: { a: Attachment; state: AttachmentsState }) {
  const intl = useIntl();
  const percent = Math.round(a.progress * 100);
  return (
    <li className="space-y-1 rounded-md border border-slate-200 bg-white p-3" data-status={a.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 text-sm font-medium break-all text-slate-900">
          <FormattedMessage id={`web_rating_kind_${a.mediaType}`} />: {a.name}
        </span>
        <div className="flex gap-2">
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
          <FormattedMessage id="web_outbox_attachment_waiting" />
        </p>
      )}
      {a.status === 'failed' && !a.waiting && (
        <p className="text-sm font-medium text-red-700" role="alert">
          <FormattedMessage id="web_error_media_upload" />
          {a.error && a.error !== intl.formatMessage({ id: 'web_error_media_upload' }) ? ` ${a.error}` : ''}
        </p>
      )}
    </li>
  );
}

/** Photos, videos, audio and files of a rating: camera and microphone where the device has them. */
export function AttachmentsField({ state }: { state: AttachmentsState }) {
  const id = useId();
  const intl = useIntl();
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_rating_attachments" />
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        <FormattedMessage id="web_rating_attachments_hint" />
      </p>
      <div className="flex flex-wrap gap-2">
        {KINDS.map((k) => (
          <PickButton key={k.type} kind={k} onFiles={(files) => state.add(files, k.type)} />
        ))}
      </div>
      {canRecordAudio() && <AudioRecorder onRecorded={(file) => state.add([file], MediaType.RatingAudio)} />}
      {state.items.length > 0 && (
        <ul className="space-y-2" aria-label={intl.formatMessage({ id: 'web_rating_attachments' })}>
          {state.items.map((a) => (
            <Row key={a.key} a={a} state={state} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
