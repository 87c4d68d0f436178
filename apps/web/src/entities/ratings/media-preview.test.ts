import { MediaType } from '@skillroom/contract/constants';
import type { Media } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { mediaCellClass } from './media-preview';
import { feedQuery } from './ratings-api';

const media = (mediaType: number, fileDimensions: string | null) => ({ mediaType, fileDimensions }) as Media;

describe('media previews are shaped by their dimensions (spec §3)', () => {
  it.each([
    ['640x480', 'col-span-2'],
    ['480x640', 'row-span-2'],
    ['500x500', ''],
    [null, 'col-span-2'],
    ['garbage', 'col-span-2'],
  ])('a photo of %s takes "%s"', (dims, cell) => expect(mediaCellClass(media(MediaType.RatingPhoto, dims))).toBe(cell));

  it('a vertical video stands tall; audio and files take a row', () => {
    expect(mediaCellClass(media(MediaType.RatingVideo, '720x1280'))).toBe('row-span-2');
    expect(mediaCellClass(media(MediaType.RatingAudio, null))).toBe('col-span-2');
    expect(mediaCellClass(media(MediaType.RatingFile, '100x100'))).toBe('col-span-2');
  });
});

describe('feeds', () => {
  it("a class's feed filters by class; a student's by place, with the whole-class ratings", () => {
    expect(feedQuery({ classId: 4 }, 2)).toBe('/ratings?teachingClass.id=4&page=2&itemsPerPage=20');
    expect(feedQuery({ placeId: 9 }, 1)).toBe('/ratings?students.id=9&includeWholeClass=1&page=1&itemsPerPage=20');
  });
});
