import { MEDIA_ACCEPTED_TYPES, MediaType } from '@skillroom/contract/constants';
import { useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { AudioRecorder, canRecordAudio } from './audio-recorder';
import { AttachmentRow } from './attachment-row';
import type { AttachmentsState } from './use-attachments';

export interface Kind {
  type: MediaType;
  label: string;
  accept?: string;
  /** Opens the camera on a phone (a computer offers its file chooser); without it a phone offers its files too. */
  capture?: 'environment';
}

/** The camera first (issue 36 §3): a phone opens it at once. */
export const TAKE_PHOTO: Kind = { type: MediaType.RatingPhoto, label: 'web_rating_take_photo', accept: 'image/*', capture: 'environment' };
const CAMERA: Kind[] = [
  TAKE_PHOTO,
  { type: MediaType.RatingVideo, label: 'web_rating_record_video', accept: 'video/*', capture: 'environment' },
];
// What is already on the device: its photo library and files (`capture` would skip them on a phone).
const CHOOSE: Kind[] = [
  { type: MediaType.RatingPhoto, label: 'web_rating_add_photo', accept: MEDIA_ACCEPTED_TYPES.image.join(',') },
  { type: MediaType.RatingVideo, label: 'web_rating_add_video', accept: MEDIA_ACCEPTED_TYPES.video.join(',') },
  { type: MediaType.RatingAudio, label: 'web_rating_add_audio', accept: MEDIA_ACCEPTED_TYPES.audio.join(',') },
  { type: MediaType.RatingFile, label: 'web_rating_add_file' },
];

const cameraGlyph = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <path
      d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Zm8 9a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z"
      strokeLinejoin="round"
    />
  </svg>
);

/** A button that opens a file input: the camera's (`capture`) or the device's files. */
export function PickButton({ kind, onFiles, className = '' }: { kind: Kind; onFiles: (files: File[]) => void; className?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const intl = useIntl();
  const label = intl.formatMessage({ id: kind.label });
  return (
    <>
      <input
        ref={ref}
        type="file"
        multiple={!kind.capture}
        accept={kind.accept}
        capture={kind.capture}
        className="sr-only"
        // The visible button opens it; the input itself stays out of the tab order and of what is read out.
        tabIndex={-1}
        aria-hidden="true"
        aria-label={label}
        // Tests and the outbox's specs find the device's inputs by media type, the camera's by `data-capture`.
        {...(kind.capture ? { 'data-capture': kind.type } : { 'data-media-type': kind.type })}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Button variant="secondary" className={className} onClick={() => ref.current?.click()}>
        {kind.capture === 'environment' && kind.type === MediaType.RatingPhoto && cameraGlyph}
        {label}
      </Button>
    </>
  );
}

/** What a file that could not go for want of a connection says: it goes with the rating, or with what else it belongs to. */
type WaitingMessage = 'web_outbox_attachment_waiting' | 'web_self_assessment_attachment_waiting';

/** The chosen files, each with its thumbnail and a remove button (issue 36 §3). */
export function AttachmentList({ state, waitingMessage }: { state: AttachmentsState; waitingMessage?: WaitingMessage }) {
  const intl = useIntl();
  if (state.items.length === 0) return null;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={intl.formatMessage({ id: 'web_rating_attachments' })}>
      {state.items.map((a) => (
        <AttachmentRow key={a.key} a={a} state={state} waitingMessage={waitingMessage} />
      ))}
    </ul>
  );
}

/** Photos, videos, audio and files of a rating: the camera and microphone first, then the device's files. */
export function AttachmentsField({ state, waitingMessage }: { state: AttachmentsState; waitingMessage?: WaitingMessage }) {
  const id = useId();
  const add = (type: MediaType) => (files: File[]) => state.add(files, type);
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_rating_attachments" />
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        <FormattedMessage id="web_rating_attachments_hint" />
      </p>
      <AttachmentList state={state} waitingMessage={waitingMessage} />
      <div className="flex flex-wrap items-start gap-2">
        {CAMERA.map((k) => (
          <PickButton key={k.label} kind={k} onFiles={add(k.type)} />
        ))}
        {canRecordAudio() && <AudioRecorder onRecorded={(file) => state.add([file], MediaType.RatingAudio)} />}
      </div>
      <div role="group" aria-labelledby={`${id}-device`} className="flex flex-wrap items-center gap-2">
        <span id={`${id}-device`} className="text-sm text-slate-700">
          <FormattedMessage id="web_rating_from_device" />
        </span>
        {CHOOSE.map((k) => (
          <PickButton key={k.label} kind={k} onFiles={add(k.type)} />
        ))}
      </div>
    </fieldset>
  );
}
