import { MediaType } from '@skillroom/contract/constants';
import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from '../ratings/media-preview';
import type { Attachment } from './use-attachments';

// A 64 px square whatever the picture (its box is sized, so nothing moves when it arrives); an editor's files may be
// below its first view.
const thumbImg = { width: 64, height: 64, loading: 'lazy', decoding: 'async', className: 'h-full w-full object-cover' } as const;

const box = 'relative flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100';

/**
 * A chosen file before it is saved (issue 36 §3): the photo itself, a video's first frame, a mark for audio and other
 * files, and for video and audio the length the browser reads from the file's metadata. A file the rating already had
 * (editing) shows its thumbnail and the length the server recorded.
 */
export function AttachmentThumb({ a }: { a: Attachment }) {
  const intl = useIntl();
  const [seconds, setSeconds] = useState<number | null>(a.media?.duration ?? null);
  // A recording made by MediaRecorder reports Infinity until played through: no length rather than a wrong one.
  const onMetadata = (e: SyntheticEvent<HTMLMediaElement>) => {
    const d = e.currentTarget.duration;
    if (Number.isFinite(d) && d > 0) setSeconds(d);
  };
  const length =
    seconds !== null ? (
      <span className="absolute right-0.5 bottom-0.5 rounded bg-slate-900/80 px-1 text-[11px] leading-4 font-semibold text-white">
        {formatDuration(seconds)}
      </span>
    ) : null;

  switch (a.mediaType) {
    case MediaType.RatingPhoto:
      return (
        <span className={box}>
          {(a.preview ?? a.media) && (
            <img
              src={a.preview ?? a.media?.thumbUrl ?? a.media?.url}
              alt={intl.formatMessage({ id: 'web_rating_media_photo' }, { name: a.name })}
              {...thumbImg}
            />
          )}
        </span>
      );
    case MediaType.RatingVideo:
      return (
        <span className={`${box} bg-slate-900`}>
          {a.preview ? (
            // A still of the clip (muted, no controls: a muted video needs no captions); the note says what it shows.
            <video
              src={a.preview}
              muted
              playsInline
              preload="metadata"
              onLoadedMetadata={onMetadata}
              aria-label={intl.formatMessage({ id: 'web_rating_media_video' }, { name: a.name })}
              className="h-full w-full object-cover"
            />
          ) : a.media?.thumbUrl ? (
            <img src={a.media.thumbUrl} alt={intl.formatMessage({ id: 'web_rating_media_video' }, { name: a.name })} {...thumbImg} />
          ) : null}
          {length}
        </span>
      );
    case MediaType.RatingAudio:
      return (
        <span className={box}>
          <Glyph path="M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />
          {/* Read for its length only, never played here (the saved rating plays it): no caption track to give. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- hidden, never played */}
          {a.preview && <audio src={a.preview} preload="metadata" onLoadedMetadata={onMetadata} className="hidden" />}
          {length}
        </span>
      );
    default:
      return (
        <span className={box}>
          <Glyph path="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5" />
        </span>
      );
  }
}

function Glyph({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-7 w-7 text-slate-600" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
