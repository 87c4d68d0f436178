import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { randomToken, sha256 } from '../../lib/secrets';
import { translator } from '../translations/translations.service';
import { usersRepository } from '../users/users.repository';
import { authRepository } from './auth.repository';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * The `reset-mail` job's work: makes a reset token, keeps its hash and mails the link. The token is made here, not
 * by the request, so that neither it nor the address is ever in the job table. A mail that fails is retried by the
 * queue; its token is spent first, so no link that was never sent stays usable.
 */
export async function sendResetMail(deps: { db: Db; mailer: Mailer; publicUrl: string }, userId: number) {
  const user = (await usersRepository.findById(deps.db, userId))?.user;
  if (!user) return { sent: false };
  const token = randomToken(32);
  const tokenHash = sha256(token);
  await authRepository.insertReset(deps.db, { tokenHash, userId, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const t = translator(user.preferredLanguage);
  const link = `${deps.publicUrl}/web/reset-password?token=${token}`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: t('email.reset.subject'),
      text: `${t('email.reset.body', { name: user.firstName, link })}\n\n${t('email.reset.ignore')}`,
    });
  } catch (e) {
    await authRepository.consumeReset(deps.db, tokenHash);
    throw e;
  }
  return { sent: true };
}
