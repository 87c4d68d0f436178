import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { translator } from '../translations/translations.service';
import { usersRepository } from '../users/users.repository';
import { emailSubscriptionsRepository } from './email-subscriptions.repository';
import { unsubscribeUser } from './digest-unsubscribe-token';

type Keys = Pick<Config, 'jwtSecret' | 'dataDir'>;

export const unsubscribeService = {
  /** The user a token names, if it is ours and they still have an account. */
  async whoFor(db: DbOrTx, config: Keys, token: string) {
    const userId = unsubscribeUser(config, token);
    return userId ? ((await usersRepository.findById(db, userId))?.user ?? null) : null;
  },

  /**
   * Turns the user's digest off (making their subscription row when they had none): the user and whether it was on, or
   * null for a bad token. A link used again (the digest is off already) changes nothing and says so.
   */
  async unsubscribe(db: DbOrTx, config: Keys, token: string) {
    const user = await unsubscribeService.whoFor(db, config, token);
    if (!user) return null;
    return { user, changed: await emailSubscriptionsRepository.setDigest(db, user.id, 'off') };
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page of the link: a question with a button (GET), the outcome (POST), or a bad link. */
export function unsubscribePage(locale: string, state: 'ask' | 'done' | 'already' | 'invalid', token: string) {
  const t = translator(locale);
  const body =
    state === 'ask'
      ? `<p>${esc(t('email.digest.unsubscribe_question'))}</p>
    <form method="post" action="?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
      <button type="submit">${esc(t('email.digest.unsubscribe_button'))}</button></form>`
      : `<p role="status">${esc(t(`email.digest.unsubscribe_${state}`))}</p>`;
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t('email.digest.unsubscribe_title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111827}
button{font:inherit;padding:.6rem 1rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><h1>${esc(t('email.digest.unsubscribe_title'))}</h1>${body}</body></html>`;
}
