import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, flatten, hex, luminance, WHITE, type Rgba } from './contrast';

const rgb = (h: string, a = 1): Rgba => ({
  r: parseInt(h.slice(1, 3), 16),
  g: parseInt(h.slice(3, 5), 16),
  b: parseInt(h.slice(5, 7), 16),
  a,
});
const BLACK = rgb('#000000');

describe('contrast of a focus indicator with what surrounds it', () => {
  it('gives the WCAG extremes and known pairs', () => {
    expect(luminance(WHITE)).toBeCloseTo(1, 6);
    expect(luminance(BLACK)).toBe(0);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1, #0f766e (teal-700 in Tailwind 3) on white 5.47:1.
    expect(contrastRatio(rgb('#767676'), WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(rgb('#0f766e'), WHITE)).toBeCloseTo(5.47, 2);
    // The order of the two colours does not matter.
    expect(contrastRatio(WHITE, rgb('#134e4a'))).toBeCloseTo(contrastRatio(rgb('#134e4a'), WHITE), 10);
  });

  it('fails the near-white ring on a near-white page that the issue reported, passes the app ring', () => {
    expect(contrastRatio(rgb('#f8fafc'), WHITE)).toBeLessThan(3);
    expect(contrastRatio(rgb('#134e4a'), rgb('#f8fafc'))).toBeGreaterThan(9);
    // The ring on a teal chip's own colour would fail: the 2 px offset keeps it on the page instead.
    expect(contrastRatio(rgb('#134e4a'), rgb('#00786f'))).toBeLessThan(3);
  });

  it('composes translucent colours over what is behind them', () => {
    expect(composite(rgb('#000000', 0.5), WHITE)).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
    expect(composite(rgb('#ff0000', 0), rgb('#00ff00'))).toEqual(rgb('#00ff00'));
    expect(composite(rgb('#000000', 0), rgb('#000000', 0))).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    // A half-transparent black ring on white reads as mid grey: about 3.95:1.
    expect(contrastRatio(rgb('#000000', 0.5), WHITE)).toBeCloseTo(3.95, 1);
  });

  it('finds the background through transparent layers down to the first opaque one, or the white canvas', () => {
    const clear = rgb('#000000', 0);
    expect(flatten([clear, clear, rgb('#f1f5f9'), rgb('#000000')])).toEqual(rgb('#f1f5f9'));
    expect(flatten([clear])).toEqual(WHITE);
    expect(flatten([])).toEqual(WHITE);
    const tinted = flatten([rgb('#000000', 0.5), rgb('#ffffff')]);
    expect(hex(tinted)).toBe('#808080');
  });
});
