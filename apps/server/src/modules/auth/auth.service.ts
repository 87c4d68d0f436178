import type { TokenPair } from '@skillroom/contract';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/secrets';
import { JOB } from '../../lib/job-names';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { usersRepository, type UserRow } from '../users/users.repository';
import { authRepository } from './auth.repository';
import { signInThrottle, throttleKey } from '../../accounts/sign-in-throttle';
import { ValidationError } from '../../http/errors';

export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

// A real hash of a random password, so that an unknown username costs the same time as a wrong password.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword(randomToken()));

export class InvalidCredentials extends Error {}

export function authService(ctx: AppContext) {
  const { db } = ctx;

  async function issue(user: Pick<UserRow, 'id' | 'username' | 'roles'>, family = randomToken(16)): Promise<TokenPair> {
    const refresh = randomToken(32);
    await authRepository.insertRefresh(db, { tokenHash: sha256(refresh), family, userId: user.id, expiresAt: new Date(Date.now() + REFRESH_TTL_MS) });
    // The family names the session, so that a password change can end every other one.
    const token = await ctx.signer.sign({ userId: user.id, username: user.username, roles: user.roles, sessionId: family });
    return { token, refresh_token: refresh };
  }

  return {
    async login(login: string, password: string): Promise<TokenPair> {
      const user = await usersRepository.findByLogin(db, login);
      const key = throttleKey(user?.id ?? null, login);
      const attempt = await signInThrottle.begin(db, key);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
      if (!user || !ok) {
        await signInThrottle.failed(db, key, attempt);
        throw new InvalidCredentials();
      }
      await signInThrottle.succeeded(db, key);
      return issue(user);
    },

    /** Rotates a refresh token; a token used twice revokes its whole family (every token of that login). */
    async refresh(refreshToken: string): Promise<TokenPair | null> {
      const tokenHash = sha256(refreshToken);
      const row = await authRepository.consumeRefresh(db, tokenHash);
      if (!row) {
        const seen = await authRepository.findRefresh(db, tokenHash);
        if (seen) {
          await authRepository.revokeFamily(db, seen.family);
          ctx.log.warn({ userId: seen.userId }, 'refresh token reused: login revoked');
        }
        return null;
      }
      if (row.expiresAt.getTime() < Date.now()) return null;
      const user = await usersRepository.findById(db, row.userId);
      if (!user) return null;
      return issue(user.user, row.family);
    },

    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const row = await authRepository.findRefresh(db, sha256(refreshToken));
      if (row) await authRepository.revokeFamily(db, row.family);
    },

    /**
     * Queues the reset mail when the address is known (the `reset-mail` job, which makes the token): the job holds
     * the user's id only. The caller answers the same either way.
     */
    async forgotPassword(email: string) {
      const user = await usersRepository.findByEmail(db, email);
      if (user) await ctx.jobs.send(JOB.resetMail, { userId: user.id });
    },

    async resetPassword(token: string, plainPassword: string) {
      const row = await authRepository.consumeReset(db, sha256(token));
      if (!row || row.expiresAt.getTime() < Date.now()) {
        throw new ValidationError([{ propertyPath: 'token', message: 'This reset link is invalid or has expired.' }]);
      }
      await usersRepository.update(db, row.userId, { passwordHash: await hashPassword(plainPassword) });
      // A new password ends every existing login, and lifts a lock others' wrong guesses put on the account.
      await authRepository.revokeAllOfUser(db, row.userId);
      await signInThrottle.succeeded(db, throttleKey(row.userId, ''));
    },
  };
}
