import { describe, expect, it } from 'vitest';
import { previewSizes, thumbSources } from './thumb-sources';

const thumbUrl = '/media/thumb/7/34/a.jpg?exp=1&sig=x&u=2';
const photo = (fileDimensions: string | null, thumb: string | null = thumbUrl) => ({
  url: '/media/7?exp=1&sig=y&u=2',
  thumbUrl: thumb,
  fileDimensions,
});

describe('photo previews name their size and their 1x and 2x thumbnails', () => {
  it('a large picture: the 1x thumbnail at its size, and both by their real widths', () => {
    expect(thumbSources(photo('4000x3000'))).toEqual({
      src: thumbUrl,
      width: 320,
      height: 240,
      srcSet: `${thumbUrl} 320w, ${thumbUrl}&size=2x 640w`,
    });
    expect(thumbSources(photo('1200x1800'))).toMatchObject({
      width: 213,
      height: 320,
      srcSet: `${thumbUrl} 213w, ${thumbUrl}&size=2x 427w`,
    });
  });

  it('a picture between the two sizes is never enlarged; one no wider than 1x has one candidate', () => {
    expect(thumbSources(photo('500x250')).srcSet).toBe(`${thumbUrl} 320w, ${thumbUrl}&size=2x 500w`);
    expect(thumbSources(photo('200x100'))).toEqual({ src: thumbUrl, width: 200, height: 100, srcSet: `${thumbUrl} 200w` });
  });

  it('without known dimensions, both thumbnails by their largest widths; without a thumbnail, the file', () => {
    const both = { src: thumbUrl, srcSet: `${thumbUrl} 320w, ${thumbUrl}&size=2x 640w` };
    expect(thumbSources(photo(null))).toEqual(both);
    expect(thumbSources(photo('garbage'))).toEqual(both);
    expect(thumbSources(photo('640x480', null))).toEqual({ src: '/media/7?exp=1&sig=y&u=2', width: 320, height: 240 });
  });

  it('sizes follow the grid: a wide picture spans two columns, a dense grid has narrower ones', () => {
    expect(previewSizes({ columns: 2, dense: false })).toMatch(/calc\(100vw - 66px\)$/);
    expect(previewSizes({ columns: 1, dense: false })).toMatch(/calc\(50vw - 37px\)$/);
    expect(previewSizes({ columns: 1, dense: true })).toMatch(/calc\(25vw - 19px\)$/);
  });
});
