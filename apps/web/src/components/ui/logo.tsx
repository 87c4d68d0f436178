// The logo drawn in the page itself rather than as an <img> of public/logo.svg: Chromium builds a whole isolated
// document for every SVG image (about 45 ms of main thread on a first load, four times that on a throttled phone),
// while inline SVG is a few elements of the page. public/logo*.svg stay for the pages outside the app (offline.html).
const S_PATH =
  'M11 25c2.5 3 5.6 4.4 9.4 4.4 5 0 8.1-2.5 8.1-6.3 0-3.1-1.9-5-6.9-6.3l-3.1-.6c-2.5-.6-3.1-1.3-3.1-2.5s1.3-2.5 ' +
  '3.8-2.5c2.5 0 4.4 1.3 5.6 3.1l3.1-2.5c-1.9-2.5-5-4.4-8.7-4.4-5 0-8.1 2.5-8.1 6.3 0 3.1 1.9 5 6.2 6.3l3.2.6c2.5.6 ' +
  '3.7 1.3 3.7 3.1 0 1.3-1.2 2.5-4.3 2.5s-5-1.3-6.9-3.1z';
const FONT = 'system-ui,Segoe UI,Roboto,sans-serif';

interface LogoProps {
  /** The accessible name (the image's alternative text). */
  label: string;
  /** The variant of spec §2 for a user with a subscription: a violet mark and a PRO badge. */
  pro?: boolean;
  /** Rendered height in CSS pixels; the width follows the drawing's proportions. */
  height: number;
  className?: string;
}

export function Logo({ label, pro = false, height, className }: LogoProps) {
  const width = pro ? 226 : 168;
  return (
    <svg
      viewBox={`0 0 ${width} 40`}
      width={Math.round((width * height) / 40)}
      height={height}
      role="img"
      aria-label={label}
      // As an <img> would: it shrinks with a narrow header (360 px with the outbox count) and keeps its proportions.
      className={`h-auto max-w-full ${className ?? ''}`}
      data-variant={pro ? 'subscription' : 'standard'}
    >
      <rect width="40" height="40" rx="9" fill={pro ? '#7c3aed' : '#0f766e'} />
      <path d={S_PATH} fill="#fff" />
      <text x="50" y="28" fontFamily={FONT} fontSize="22" fontWeight="700" fill="#0f172a" aria-hidden="true">
        Skillroom
      </text>
      {pro && (
        <g aria-hidden="true">
          <rect x="172" y="9" width="50" height="22" rx="11" fill="#ede9fe" />
          <text x="197" y="25" textAnchor="middle" fontFamily={FONT} fontSize="13" fontWeight="700" fill="#5b21b6">
            PRO
          </text>
        </g>
      )}
    </svg>
  );
}
