// A digest e-mail looked at as a reader would (DESIGN §11): the job's own mail (digestMail) for two children, with
// photo thumbnails, a long note, a note with markup in it and a long unbroken word, rendered by Chromium in en, es and
// zh-HK at a phone's width (390 px) and a desktop mail pane's (800 px). The inline pictures (`cid:`) are shown as a
// mail client shows them: the attachment's bytes in their place.
//
// `node --import tsx apps/server/bench/digest-mail-shots.ts [out-dir]` (default /tmp/skillroom-digest-shots); needs
// Debian's chromium (CHROMIUM to name another). Writes <locale>-<width>.png and <locale>.html, then prints the paths.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { LOCALES } from '@skillroom/contract';
import sharp from '../src/lib/sharp';
import { digestMail, type DigestPicture } from '../src/modules/email-digests/email-digest-mail';
import type { DigestRating } from '../src/modules/email-digests/email-digests.repository';

const out = process.argv[2] ?? '/tmp/skillroom-digest-shots';
const WIDTHS = [390, 800];

const skill = (key: string) => ({ name: key, translationKey: `learning_skill.${key}` });
const action = (skillKey: string, key: string) => ({ name: key, translationKey: `learning_action.${skillKey}.${key}` });
const rating = (id: number, placeId: number, o: Partial<DigestRating>): DigestRating => ({
  id,
  placeId,
  firstName: placeId === 1 ? 'Amara' : 'Bao',
  lastName: placeId === 1 ? 'Okafor' : 'Nguyen',
  className: 'Year 4 Maple',
  date: '2026-10-05',
  description: null,
  author: 'Grace Hopper',
  skill: skill('collaboration'),
  action: action('collaboration', 'helps_others'),
  thumbs: null,
  ...o,
});

async function picture(colour: string, ratingId: number, n: number): Promise<DigestPicture> {
  const content = await sharp({ create: { width: 240, height: 180, channels: 3, background: colour } })
    .jpeg({ quality: 75 })
    .toBuffer();
  return { ratingId, cid: `photo-${n}@skillroom`, content };
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const ratings = [
    rating(1, 1, { description: 'Counted to twenty in pairs, then explained to a friend how she did it.' }),
    rating(2, 1, {
      skill: skill('communication'),
      action: action('communication', 'explains_clearly'),
      description: '<b>Not bold</b> <script>alert(1)</script> & "quoted" — markup in a note stays text.',
      date: '2026-10-06',
    }),
    rating(3, 1, { skill: skill('creativity'), action: null, author: null, date: '2026-10-07' }),
    rating(4, 2, {
      skill: skill('critical_thinking'),
      action: action('critical_thinking', 'checks_evidence'),
      description: `A long note over several lines.\nSecond line of it.\nAnd a long unbroken word: ${'supercalifragilistic'.repeat(4)}`,
    }),
  ];
  const pictures = [await picture('#0f766e', 1, 1), await picture('#b45309', 1, 2), await picture('#1d4ed8', 4, 3)];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    for (const locale of LOCALES) {
      const mail = digestMail({
        locale,
        firstName: 'Ngozi',
        frequency: 'weekly',
        ratings,
        more: 3,
        pictures,
        publicUrl: 'https://skillroom.example.org',
        unsubscribeUrl: 'https://skillroom.example.org/api/public/v1/email-digest/unsubscribe?token=42.abcdefghijklmnopqrstuvwxyz012345',
      });
      // As a mail client does: each cid: picture replaced by its attachment.
      const html = pictures.reduce(
        (h, p) => h.replaceAll(`cid:${p.cid}`, `data:image/jpeg;base64,${p.content.toString('base64')}`),
        mail.html,
      );
      fs.writeFileSync(path.join(out, `${locale}.html`), html);
      fs.writeFileSync(path.join(out, `${locale}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.setContent(html, { waitUntil: 'load' });
        // Run in the page (a string: the server's types know no DOM).
        const sideways = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
        const file = path.join(out, `${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.info(`${file}${sideways ? '  (scrolls sideways!)' : ''}  subject: ${mail.subject}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
