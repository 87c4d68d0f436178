import { MEDIA_THUMB_VARIANTS } from '@skillroom/contract/constants';
import { fittedSize, thumbVariantUrl } from '@skillroom/contract/rules';
import type { Media } from '@skillroom/contract/types';

/** How many columns of the attachments grid a picture spans (wide pictures two), the rest of its cell's width. */
type Cell = { columns: 1 | 2; dense: boolean };

/*
 * The width a preview is drawn at, per breakpoint, for the browser to pick a thumbnail before layout: the page is at
 * most 72rem (1152 px) wide with 16 px (24 px from 640 px) margins, a card adds 34 px of padding and border, and the
 * grid is 2 columns (4 from 640 px), or 4/6/8 (from 640 and 1024 px) when dense (a report's evidence). Slightly generous is fine.
 */
export function previewSizes({ columns, dense }: Cell): string {
  if (dense)
    return columns === 2
      ? '(min-width: 1152px) 268px, (min-width: 1024px) calc(25vw - 20px), (min-width: 640px) calc(33vw - 25px), calc(50vw - 29px)'
      : '(min-width: 1152px) 130px, (min-width: 1024px) calc(12.5vw - 12px), (min-width: 640px) calc(17vw - 15px), calc(25vw - 19px)';
  return columns === 2
    ? '(min-width: 1152px) 531px, (min-width: 640px) calc(50vw - 45px), calc(100vw - 66px)'
    : '(min-width: 1152px) 262px, (min-width: 640px) calc(25vw - 26px), calc(50vw - 37px)';
}

export interface ThumbSources {
  src: string;
  /** Intrinsic size of the 1x picture, so the browser reserves its box (with CSS width and aspect) before it arrives. */
  width?: number;
  height?: number;
  /** The 1x and 2x thumbnails by their real widths; absent when the picture's size is not known. */
  srcSet?: string;
}

/** The picture sources of a photo preview: its thumbnails at 1x and 2x (MEDIA_THUMB_VARIANTS), else the file itself. */
export function thumbSources(media: Pick<Media, 'url' | 'thumbUrl' | 'fileDimensions'>): ThumbSources {
  const one = fittedSize(media.fileDimensions, MEDIA_THUMB_VARIANTS['1x']);
  if (!media.thumbUrl) return { src: media.url, ...(one ?? {}) };
  const two = fittedSize(media.fileDimensions, MEDIA_THUMB_VARIANTS['2x']);
  // Size unknown (a file the server could not measure): each thumbnail is at most its variant's side wide, which is what
  // the browser is told; the picture fills its frame's width (CSS), so only the choice between the two rests on it.
  if (!one || !two)
    return {
      src: media.thumbUrl,
      srcSet: `${media.thumbUrl} ${MEDIA_THUMB_VARIANTS['1x']}w, ${thumbVariantUrl(media.thumbUrl, '2x')} ${MEDIA_THUMB_VARIANTS['2x']}w`,
    };
  // A picture no wider than the 1x thumbnail has one size only: a second candidate would be the same bytes again.
  const srcSet =
    two.width > one.width
      ? `${media.thumbUrl} ${one.width}w, ${thumbVariantUrl(media.thumbUrl, '2x')} ${two.width}w`
      : `${media.thumbUrl} ${one.width}w`;
  return { src: media.thumbUrl, width: one.width, height: one.height, srcSet };
}
