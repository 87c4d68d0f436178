import { fullName } from '@skillroom/contract';
import { reportLabels } from '../reports/report-labels';
import type { DigestRating } from './email-digests.repository';

/** A picture of a rating, made ready to go inline (`cid:`): the job reads and shrinks the stored thumbnail. */
export interface DigestPicture {
  ratingId: number;
  cid: string;
  content: Buffer;
}

export interface DigestMailInput {
  locale: string;
  firstName: string;
  frequency: 'daily' | 'weekly';
  ratings: DigestRating[];
  /** Ratings left out past the mail's limit. */
  more: number;
  pictures: DigestPicture[];
  publicUrl: string;
  unsubscribeUrl: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The digest's subject, text part and HTML part, in the reader's language (DESIGN §11 "E-mail digests"). */
export function digestMail(m: DigestMailInput) {
  const L = reportLabels(m.locale);
  const { t } = L;
  const children = new Map<number, { name: string; className: string; ratings: DigestRating[] }>();
  for (const r of m.ratings) {
    const c = children.get(r.placeId) ?? { name: fullName(r), className: r.className, ratings: [] };
    c.ratings.push(r);
    children.set(r.placeId, c);
  }
  const names = L.list([...new Set([...children.values()].map((c) => c.name))]);
  const subject = t(m.frequency === 'daily' ? 'email.digest.daily_subject' : 'email.digest.weekly_subject', { children: names });
  const footer = t(m.frequency === 'daily' ? 'email.digest.footer_daily' : 'email.digest.footer_weekly');
  const profile = `${m.publicUrl}/web/profile`;
  // "Skill — Action", or "Skill (skill as a whole)": no dash before a bracket (a full-width one needs no space either).
  const whole = L.action(null);
  const line = (r: DigestRating) =>
    r.action ? `${L.named(r.skill)} — ${L.action(r.action)}` : `${L.named(r.skill)}${whole.startsWith('（') ? '' : ' '}${whole}`;
  const meta = (r: DigestRating) =>
    [L.date(r.date), r.author ? t('email.digest.by', { author: r.author }) : ''].filter(Boolean).join(' · ');
  const more = m.more > 0 ? t('email.digest.more', { n: m.more }) : '';

  const text = [
    t('email.digest.greeting', { name: m.firstName }),
    '',
    t('email.digest.intro'),
    ...[...children.entries()].flatMap(([placeId, c]) => [
      '',
      `${c.name} (${c.className})`,
      ...c.ratings.flatMap((r) => [`- ${line(r)}`, `  ${meta(r)}`, ...(r.description ? [`  ${r.description}`] : [])]),
      `${t('email.digest.open')}: ${m.publicUrl}/web/student/${placeId}`,
    ]),
    ...(more ? ['', more] : []),
    '',
    '--',
    footer,
    `${t('email.digest.settings')}: ${profile}`,
    `${t('email.digest.unsubscribe')}: ${m.unsubscribeUrl}`,
    '',
  ].join('\n');

  const pics = (r: DigestRating) =>
    m.pictures
      .filter((p) => p.ratingId === r.id)
      .map(
        (p) =>
          // Named for a reader whose mail client holds pictures back, or reads the mail aloud.
          `<img src="cid:${p.cid}" alt="${esc(t('export.photo', { name: line(r) }))}" width="120" ` +
          `style="width:120px;max-width:45%;height:auto;border-radius:6px;margin:6px 6px 0 0">`,
      )
      .join('');
  const item = (r: DigestRating) => `
      <div style="border-top:1px solid #e5e7eb;padding:12px 0">
        <div style="font-weight:600;color:#111827">${esc(line(r))}</div>
        <div style="font-size:13px;color:#4b5563;margin-top:2px">${esc(meta(r))}</div>
        ${r.description ? `<div style="margin-top:6px;white-space:pre-wrap;color:#111827">${esc(r.description)}</div>` : ''}
        ${pics(r)}
      </div>`;
  const child = ([placeId, c]: [number, { name: string; className: string; ratings: DigestRating[] }]) => `
    <div style="background:#ffffff;border-radius:10px;padding:16px;margin:16px 0;border:1px solid #e5e7eb">
      <h2 style="font-size:18px;margin:0;color:#111827">${esc(c.name)}</h2>
      <div style="font-size:13px;color:#4b5563;margin-bottom:8px">${esc(c.className)}</div>
      ${c.ratings.map(item).join('')}
      <a href="${esc(`${m.publicUrl}/web/student/${placeId}`)}"
        style="display:inline-block;margin-top:8px;color:#1d4ed8">${esc(t('email.digest.open'))}</a>
    </div>`;
  const html = `<!doctype html>
<html lang="${esc(m.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;line-height:1.5;
  font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK TC',sans-serif">
  <div style="max-width:600px;margin:0 auto;padding:16px;overflow-wrap:anywhere;word-break:break-word">
    <p style="margin:0 0 4px;color:#111827">${esc(t('email.digest.greeting', { name: m.firstName }))}</p>
    <p style="margin:0;color:#111827">${esc(t('email.digest.intro'))}</p>
    ${[...children.entries()].map(child).join('')}
    ${more ? `<p style="color:#111827">${esc(more)}</p>` : ''}
    <p style="font-size:13px;color:#4b5563">${esc(footer)}<br>
      <a href="${esc(profile)}" style="color:#1d4ed8">${esc(t('email.digest.settings'))}</a> ·
      <a href="${esc(m.unsubscribeUrl)}" style="color:#1d4ed8">${esc(t('email.digest.unsubscribe'))}</a></p>
  </div>
</body></html>`;
  return { subject, text, html };
}
