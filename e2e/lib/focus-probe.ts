import type { Rgba } from './contrast';

/** What the focused element shows, as measured in the page by `probeFocus`. */
export interface FocusProbe {
  /** Nothing (or the page itself) has focus. */
  none: boolean;
  /** Seen before in this walk: Tab has gone round. */
  seen: boolean;
  /** The same element as at the previous stop: Tab did not move. */
  same: boolean;
  /** tag, text and classes, to name the element in a failure. */
  label: string;
  focusVisible: boolean;
  /** The element that draws the indicator: the focused one, or the label around a visually hidden input. */
  holder: string;
  style: string;
  width: number;
  offset: number;
  ring: Rgba | null;
  /** Backgrounds behind the indicator, nearest first, down to the first opaque one. */
  behind: Rgba[];
  inViewport: boolean;
}

/**
 * Runs in the page (self-contained: Playwright sends its source). Names the focused element, finds what draws its focus
 * indicator, reads the indicator's colour and width, and the backgrounds it is drawn on: the parent's when the outline
 * sits outside the element, its own when inside. Colours are read back through a canvas, so any CSS colour (oklch
 * included) arrives as sRGB.
 */
export async function probeFocus(): Promise<FocusProbe> {
  const w = window as unknown as { __focusSeen?: WeakSet<Element>; __focusLast?: Element | null; __focusCanvas?: CanvasRenderingContext2D };
  const seenSet = (w.__focusSeen ??= new WeakSet());
  const el = document.activeElement;
  const empty = { focusVisible: false, holder: '', style: '', width: 0, offset: 0, ring: null, behind: [], inViewport: false };
  const same = el === w.__focusLast;
  w.__focusLast = el;
  if (!el || el === document.body || el === document.documentElement) return { none: true, seen: false, same, label: 'body', ...empty };
  const seen = seenSet.has(el);
  seenSet.add(el);
  const name = (e: Element) => {
    const type = e.getAttribute('type') ? ` type=${e.getAttribute('type')}` : '';
    const text = (e.textContent ?? '').trim().slice(0, 40) || e.getAttribute('aria-label') || '';
    return `<${e.tagName.toLowerCase()}${type}> "${text}" .${(e.getAttribute('class') ?? '').slice(0, 120)}`;
  };

  const ctx = (w.__focusCanvas ??= (() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    return canvas.getContext('2d', { willReadFrequently: true })!;
  })());
  const toRgba = (css: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as [number, number, number, number];
    return { r, g, b, a: a / 255 };
  };
  const hasIndicator = (e: Element) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  };
  // Anything still fading on it (a colour transition) has ended before it is measured.
  await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined)));
  const rect = el.getBoundingClientRect();
  const hidden = rect.width <= 1 || rect.height <= 1;
  // A visually hidden input (a chip's radio) shows its focus on the label around it.
  const holder = (!hidden && hasIndicator(el) ? el : (el.closest('label') ?? el)) as HTMLElement;
  const s = getComputedStyle(holder);
  let ring: Rgba | null = null;
  let width = 0;
  let offset = 0;
  if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) {
    ring = toRgba(s.outlineColor);
    width = parseFloat(s.outlineWidth);
    offset = parseFloat(s.outlineOffset);
  } else if (s.boxShadow !== 'none') {
    // A ring made of a box-shadow: its colour, and its spread as the width.
    const color = /(rgba?\([^)]*\)|oklch\([^)]*\)|oklab\([^)]*\)|#[0-9a-f]{3,8})/i.exec(s.boxShadow)?.[1];
    const lengths = s.boxShadow.replace(/(rgba?|oklch|oklab)\([^)]*\)/gi, '').match(/-?[\d.]+px/g) ?? [];
    ring = color ? toRgba(color) : null;
    width = lengths.length >= 4 ? parseFloat(lengths[3]!) : 0;
  }
  const behind: Rgba[] = [];
  for (let e: Element | null = offset < 0 ? holder : holder.parentElement; e; e = e.parentElement) {
    const bg = toRgba(getComputedStyle(e).backgroundColor);
    behind.push(bg);
    if (bg.a >= 1) break;
  }
  // Tab scrolls to it; a feed that grows meanwhile (infinite scroll) may push it away again, so it is brought back first.
  holder.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = holder.getBoundingClientRect();
  const inViewport = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  return {
    none: false,
    seen,
    same,
    label: name(el),
    focusVisible: el.matches(':focus-visible'),
    holder: holder === el ? 'itself' : name(holder),
    style: s.outlineStyle,
    width,
    offset,
    ring,
    behind,
    inViewport,
  };
}
