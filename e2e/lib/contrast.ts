/** A colour in sRGB: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** `top` painted over `bottom` (source-over), as the browser composes a translucent colour on what is behind it. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/**
 * What shows through a stack of backgrounds, nearest first (the element's parent, then its parent…): composed from the
 * first opaque one up, over the white canvas when none is opaque.
 */
export function flatten(layers: Rgba[]): Rgba {
  const opaque = layers.findIndex((l) => l.a >= 1);
  const stack = opaque === -1 ? layers : layers.slice(0, opaque + 1);
  return stack.reduceRight<Rgba>((below, layer) => composite(layer, below), WHITE);
}

/** WCAG 2.x relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1–21) of a colour, translucent or not, drawn on an opaque background. */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const base = bg.a >= 1 ? bg : composite(bg, WHITE);
  const front = fg.a >= 1 ? fg : composite(fg, base);
  const [hi, lo] = [luminance(front), luminance(base)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `#rrggbb` for a report. */
export const hex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
