import { MediaType } from '@skillroom/contract/constants';
import { mediaShape, thumbVariantUrl, type MediaShape } from '@skillroom/contract/rules';
import type { Media } from '@skillroom/contract/types';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { previewSizes, thumbSources } from './thumb-sources';

/** The frame each shape gets, so that a preview keeps its proportions before the picture arrives (spec §3). */
export const SHAPE_FRAME: Record<MediaShape, string> = {
  square: 'aspect-square',
  horizontal: 'aspect-[4/3]',
  vertical: 'aspect-[3/4]',
  unknown: 'aspect-video',
};

/** How many cells of the attachments grid a preview takes: wide pictures two columns, tall ones two rows. */
export function mediaCellClass(media: Media): string {
  if (media.mediaType === MediaType.RatingAudio || media.mediaType === MediaType.RatingFile) return 'col-span-2';
  const shape = mediaShape(media.fileDimensions);
  return shape === 'horizontal' || shape === 'unknown' ? 'col-span-2' : shape === 'vertical' ? 'row-span-2' : '';
}

interface GridProps {
  medias: Media[];
  dense?: boolean;
  marked?: { ids: Set<number>; label: string };
  /** The grid holds the page's likely largest picture (a feed's first photo): its first photo loads first, never lazily. */
  priority?: boolean;
}

/** Attachments laid out by their shapes; `dense` for a page of many (a report's evidence); `marked` ones get a label. */
export function MediaGrid({ medias, dense = false, marked, priority = false }: GridProps) {
  if (medias.length === 0) return null;
  const first = priority ? medias.findIndex((m) => m.mediaType === MediaType.RatingPhoto) : -1;
  return (
    <ul className={`grid grid-flow-row-dense gap-2 ${dense ? 'grid-cols-4 sm:grid-cols-6 lg:grid-cols-8' : 'grid-cols-2 sm:grid-cols-4'}`}>
      {medias.map((m, i) => (
        <li key={m.id} className={`${mediaCellClass(m)} space-y-1`}>
          <MediaPreview media={m} dense={dense} priority={i === first} />
          {marked?.ids.has(m.id) && (
            <span className="inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">
              {marked.label}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A length in seconds as m:ss (rounded to the second first, so 59.6 s reads 1:00, not 0:60). */
export const formatDuration = (s: number) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

interface PreviewProps {
  media: Media;
  /** In a dense grid, for the width the browser picks a thumbnail for. */
  dense?: boolean;
  /** The page's likely largest picture (LCP): fetched at once, ahead of other pictures. */
  priority?: boolean;
}

/** One attachment of a rating: a picture, a playable video or recording, or a file to download. */
export function MediaPreview({ media, dense = false, priority = false }: PreviewProps) {
  const intl = useIntl();
  const [broken, setBroken] = useState(false);
  const shape = mediaShape(media.fileDimensions);
  const frame = `${SHAPE_FRAME[shape]} w-full overflow-hidden rounded-md bg-slate-100`;
  const name = media.fileOriginalName || media.fileName;
  const { src, ...picture } = thumbSources(media);
  switch (media.mediaType) {
    case MediaType.RatingPhoto:
      // A link that expired or a file that is gone: say so in place of a broken picture (spec §8).
      if (broken)
        return (
          <p className={`${frame} flex items-center justify-center p-2 text-center text-sm text-slate-700`}>
            <FormattedMessage id="web_rating_media_unavailable" />
          </p>
        );
      return (
        <a
          href={media.url}
          target="_blank"
          rel="noreferrer"
          className="block focus-visible:outline-2 focus-visible:outline-teal-700"
          data-shape={shape}
        >
          {/* In a <picture>, which React's server render leaves alone: it preloads any <img> not lazy (a <link rel=preload>
              beside it), which gains nothing here, the <img> being in the same HTML, and whose srcset the browser may read
              at another width than the <img>'s (a phone's page before its viewport applies), fetching a picture twice. */}
          <picture className="contents">
            {/* width/height give the intrinsic size; the frame's aspect class and h-auto keep the box the same before and after. */}
            <img
              {...picture}
              sizes={previewSizes({ columns: mediaCellClass(media) === 'col-span-2' ? 2 : 1, dense })}
              // src after srcset and sizes: a browser that saw src first could fetch it before knowing it needs another.
              src={src}
              alt={intl.formatMessage({ id: 'web_rating_media_photo' }, { name })}
              // Lazy unless it is the screen's largest picture: a report's print button loads the rest first (lib/print-page.ts).
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding={priority ? undefined : 'async'}
              onError={() => setBroken(true)}
              className={`${frame} h-auto object-cover`}
            />
          </picture>
        </a>
      );
    case MediaType.RatingVideo:
      return (
        // Captions cannot exist for a classroom clip a teacher just took; the rating's note says what it shows.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          controls
          preload="metadata"
          // A poster is drawn as wide as the video: its 2x thumbnail (at most 640 px) stays sharp on a phone.
          poster={media.thumbUrl ? thumbVariantUrl(media.thumbUrl, '2x') : undefined}
          src={media.url}
          data-shape={shape}
          aria-label={intl.formatMessage({ id: 'web_rating_media_video' }, { name })}
          className={`${frame} bg-black object-contain`}
        />
      );
    case MediaType.RatingAudio:
      return (
        <div className="space-y-1">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a recording of a pupil speaking has no caption track */}
          <audio
            controls
            preload="metadata"
            src={media.url}
            className="w-full"
            aria-label={intl.formatMessage({ id: 'web_rating_media_audio' }, { name })}
          />
          {media.duration ? <p className="text-xs text-slate-600">{formatDuration(media.duration)}</p> : null}
        </div>
      );
    default:
      return (
        <a
          href={media.url}
          download={name}
          className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium break-all text-teal-800 underline underline-offset-2"
        >
          {intl.formatMessage({ id: 'web_rating_media_file' }, { name })}
        </a>
      );
  }
}
