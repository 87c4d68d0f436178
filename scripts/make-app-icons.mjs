// Makes the installable app's icons (DESIGN §7) from the mark in apps/web/public/logo.svg: the teal square with the
// white S. Run by hand when the logo changes (`node scripts/make-app-icons.mjs`); the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = fs.readFileSync(path.join(web, 'logo.svg'), 'utf8');
const teal = logo.match(/<rect width="40" height="40" rx="9" fill="(#[0-9a-f]{6})"\/>/)?.[1];
const s = logo.match(/<path d="([^"]+)" fill="#fff"\/>/)?.[1];
if (!teal || !s) throw new Error('logo.svg no longer has the 40×40 mark this script reads');

// "any": the mark as the logo draws it, rounded corners on a clear background.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="9" fill="${teal}"/><path d="${s}" fill="#fff"/></svg>`;
// "maskable": full bleed, the S shrunk into the middle 60% so that any mask shape (circle, squircle) keeps it whole.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${teal}"/><g transform="translate(8 8) scale(0.6)"><path d="${s}" fill="#fff"/></g></svg>`;

const out = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-192.png', maskable, 192],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
  // The pages' icon: Chromium draws an SVG icon in an isolated document on the page's main thread (40 ms at 4x CPU).
  ['favicon-32.png', any, 32],
];
fs.mkdirSync(path.join(web, 'icons'), { recursive: true });
for (const [name, svg, size] of out) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(web, 'icons', name));
  console.info(`icons/${name} ${size}×${size}`);
}
