/** Drawing helpers shared by the catalogue's pictures: a 256 px square, and the parts of a friendly face. */

export interface Art {
  /** Stable name: the seed finds what it already made by it. */
  name: string;
  svg: string;
}

const INK = '#2d2a32';

/** A square picture with a flat background, so that a round crop (avatars) shows no corners. */
export const canvas = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="${bg}"/>${body}</svg>`;

/** Two shiny eyes, `dx` either side of `cx`. */
export const eyes = (y: number, dx: number, r = 9, cx = 128) =>
  [-dx, dx]
    .map((d) => `<circle cx="${cx + d}" cy="${y}" r="${r}" fill="${INK}"/><circle cx="${cx + d + r / 3}" cy="${y - r / 3}" r="${r / 3}" fill="#fff"/>`)
    .join('');

/** Closed, happy eyes (upturned arcs). */
export const happyEyes = (y: number, dx: number, w = 10, cx = 128) =>
  [-dx, dx].map((d) => `<path d="M${cx + d - w} ${y} Q${cx + d} ${y - w} ${cx + d + w} ${y}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`).join('');

export const smile = (y: number, w = 14, cx = 128, stroke = INK) =>
  `<path d="M${cx - w} ${y} Q${cx} ${y + w} ${cx + w} ${y}" fill="none" stroke="${stroke}" stroke-width="5" stroke-linecap="round"/>`;

export const cheeks = (y: number, dx: number, color = '#ff8fa3', cx = 128) =>
  [-dx, dx].map((d) => `<ellipse cx="${cx + d}" cy="${y}" rx="11" ry="7" fill="${color}" opacity="0.6"/>`).join('');

/** Whole face: eyes, rosy cheeks and a smile, centred on `cx`. */
export const face = (y: number, spread = 30, cx = 128) => eyes(y, spread, 9, cx) + cheeks(y + 20, spread + 12, '#ff8fa3', cx) + smile(y + 22, 12, cx);

/** `n` copies of a shape turned evenly around the centre of the picture. */
export const around = (n: number, shape: string, cx = 128, cy = 128) =>
  Array.from({ length: n }, (_, i) => `<g transform="rotate(${(360 / n) * i} ${cx} ${cy})">${shape}</g>`).join('');

/** Small four-pointed twinkles, for night skies. */
export const twinkles = (points: [number, number, number][], color = '#fff6c2') =>
  points.map(([x, y, s]) => `<path d="M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s}Z" fill="${color}"/>`).join('');

export { INK };
