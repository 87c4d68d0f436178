import {
  DEFAULT_TIME_ZONE,
  FAMILY_ACCOUNT_TYPES,
  FAMILY_QUIET_HOURS,
  ACCOUNT_DELETION_MESSAGES,
  API_AUTH_PREFIX,
  MediaType,
  V,
  accountDeleteBody,
  type SignUpBody,
  type userPatchBody,
  type signUpBody,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { DetailedError, notFound, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import type { FileStore } from '../../lib/file-store';
import { forgetAccount } from '../../lib/live-accounts';
import type { PartialUploads } from '../../lib/partial-uploads';
import { eraseAccount, withErasure } from '../../records/erasure';
import { sqlState } from '../../http/database-errors';
import type { Principal } from '../../plugins/auth';
import { credentialsRepository } from '../../accounts/credentials.repository';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { signInThrottle, throttleKey } from '../../accounts/sign-in-throttle';
import { mediaRepository } from '../media/media.repository';
import { schoolsService } from '../schools/schools.service';
import { authorize, permit } from '../../class-access/access-rules';
import { usersRepository, type NewUser } from './users.repository';
import { usersVisibility } from './users.visibility';
import type { ListQueryOutput, ValueAvailability, Violation, userListQuery } from '@skillroom/contract';
import { offsetOf } from '../../http/hydra';

/** DESIGN §11: families start with quiet nights in their browser's zone; everyone else is never quiet until they choose. */
function quietHoursOf(accountType: string, timeZone: string | undefined) {
  const family = (FAMILY_ACCOUNT_TYPES as readonly string[]).includes(accountType);
  return {
    quietHoursStart: family ? FAMILY_QUIET_HOURS.start : null,
    quietHoursEnd: family ? FAMILY_QUIET_HOURS.end : null,
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
  };
}

const TAKEN = { username: 'This username is already used.', email: 'This email is already used.' } as const;

async function uniqueness(db: Db, username: string | undefined, email: string | undefined, exceptId = 0) {
  const v: Violation[] = [];
  if (username && (await usersRepository.usernameTaken(db, username, exceptId)))
    v.push({ propertyPath: 'username', message: TAKEN.username });
  if (email && (await usersRepository.emailTaken(db, email, exceptId))) v.push({ propertyPath: 'email', message: TAKEN.email });
  if (v.length) throw new ValidationError(v);
}

/** Avatars are the user's own uploads (type 7) or the predefined catalogue (type 8). */
async function assertAvatar(db: Db, userId: number, mediaId: number) {
  const m = await mediaRepository.findById(db, mediaId);
  const ok = m && (m.mediaType === MediaType.PredefinedUserAvatar || (m.mediaType === MediaType.UserAvatar && m.uploaderId === userId));
  if (!ok) throw new ValidationError([{ propertyPath: 'avatar', message: 'This value should be one of your avatar images.' }]);
}

/** The current password, checked like a sign-in: wrong guesses count towards the account's lock. */
async function assertCurrentPassword(db: Db, user: { id: number; username: string; passwordHash: string }, plain: string) {
  const key = throttleKey(user.id, user.username);
  const attempt = await signInThrottle.begin(db, key);
  if (!(await verifyPassword(user.passwordHash, plain))) {
    await signInThrottle.failed(db, key, attempt);
    throw new ValidationError([{ propertyPath: 'currentPassword', message: V.currentPassword }]);
  }
  await signInThrottle.succeeded(db, key);
}

export const usersService = {
  /**
   * Whether sign-up may use this username or e-mail: what a sign-up with it would answer, no more (taken or free;
   * never whose), behind the same per-address limit as sign-up itself.
   */
  async availability(db: Db, field: 'username' | 'email', value: string): Promise<ValueAvailability> {
    const taken = field === 'email' ? await usersRepository.emailTaken(db, value) : await usersRepository.usernameTaken(db, value);
    return taken ? { available: false, message: TAKEN[field] } : { available: true };
  },

  /** Yourself and the people you work with (users.visibility.ts says who), as others see them. */
  list: (db: Db, p: Principal, q: ListQueryOutput<typeof userListQuery>) =>
    usersRepository.listPublic(db, usersVisibility.listedSql(p.userId), q.id, q.itemsPerPage, offsetOf(q)),

  async signUp(db: Db, body: z.output<typeof signUpBody>) {
    await uniqueness(db, body.username, body.email);
    if (body.school) await schoolsService.assertExists(db, body.school);
    const passwordHash = await hashPassword(body.plainPassword);
    try {
      return await db.transaction(async (tx) => {
        const schoolId = body.school ?? (body.schoolName ? await schoolsService.findOrCreate(tx, body.schoolName) : null);
        return usersRepository.insert(tx, {
          username: body.username,
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          accountType: body.accountTypeRadio,
          preferredLanguage: body.preferredLanguage,
          schoolId,
          phone: body.phone,
          occupation: body.accountTypeRadio === 'other_user' ? body.occupation : null,
          privacyPolicyLastAgreed: body.privacyPolicyAgreed ? new Date() : null,
          ...quietHoursOf(body.accountTypeRadio, body.timeZone),
        });
      });
    } catch (e) {
      // Two sign-ups racing for one name: the unique index decides, reported like the check above.
      if (sqlState(e) === '23505') await uniqueness(db, body.username, body.email);
      throw e;
    }
  },

  async get(db: Db, id: number) {
    const row = await usersRepository.findById(db, id);
    if (!row) throw notFound('User not found.');
    return row;
  },

  /** A profile the user may see; 404 for one they may not, exactly as for one that does not exist. */
  async getVisible(db: Db, p: Principal, id: number) {
    authorize(p, 'user.read', { ownerId: id, visible: await usersVisibility.canSee(db, p.userId, id) });
    return this.get(db, id);
  },

  async patch(db: Db, files: FileStore, p: Principal, id: number, body: z.output<typeof userPatchBody>) {
    const current = await this.get(db, id);
    permit(p, 'user.edit', { ownerId: id });
    if (body.school) await schoolsService.assertExists(db, body.school);
    if (body.avatar) await assertAvatar(db, id, body.avatar);
    const accountType = body.accountTypeRadio ?? current.user.accountType;
    const values: Partial<NewUser> = {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      preferredLanguage: body.preferredLanguage,
      accountType: body.accountTypeRadio,
      avatarId: body.avatar,
      schoolId: body.school,
      quietHoursStart: body.quietHoursStart,
      quietHoursEnd: body.quietHoursEnd,
      timeZone: body.timeZone,
    };
    // Spec §5: occupation belongs to other_user accounts only.
    if (accountType !== 'other_user') values.occupation = null;
    else if (body.occupation !== undefined) values.occupation = body.occupation;
    if (body.plainPassword) {
      await assertCurrentPassword(db, current.user, body.currentPassword ?? '');
      values.passwordHash = await hashPassword(body.plainPassword);
    }
    await withErasure({ db, files }, async (e) => {
      await usersRepository.update(e.tx, id, values);
      // A new password ends every other login (ASVS V7.4.3); the session that set it goes on.
      if (values.passwordHash) await credentialsRepository.revokeSessionsExcept(e.tx, id, p.sessionId ?? null);
      // A replaced or removed avatar goes when nothing else uses it (DESIGN §6).
      if (body.avatar !== undefined && body.avatar !== current.user.avatarId) await e.media([current.user.avatarId]);
    });
    return this.get(db, id);
  },

  /**
   * Deletes one's own account (DESIGN §6 "Accounts"): 404 for a user one may not see, 403 for another's, 400 on
   * `currentPassword` for a wrong one, 409 naming the classes one still owns. The erasure layer says what goes.
   */
  async remove(db: Db, files: FileStore, partials: PartialUploads, p: Principal, id: number, rawBody: unknown) {
    const target = await this.getVisible(db, p, id);
    permit(p, 'user.delete', { ownerId: id });
    const body = parse(accountDeleteBody, rawBody);
    await assertCurrentPassword(db, target.user, body.currentPassword);
    const result = await eraseAccount({ db, files, partials }, id, [throttleKey(id, target.user.username)]);
    if (result.ownedClasses.length) {
      const classes = result.ownedClasses.map((c) => ({ '@id': `${API_AUTH_PREFIX}/teaching-class/${c.id}`, id: c.id, name: c.name }));
      throw new DetailedError(409, ACCOUNT_DELETION_MESSAGES.ownsClasses(classes.map((c) => c.name)), { classes });
    }
    if (!result.gone) throw notFound('User not found.');
    forgetAccount(db, id);
  },

  /** DESIGN §6 "Consent": the user agrees to the current policy now (again if they had agreed before). */
  async acceptPrivacyPolicy(db: Db, p: Principal) {
    await usersRepository.update(db, p.userId, { privacyPolicyLastAgreed: new Date() });
    return this.get(db, p.userId);
  },
};
export type { SignUpBody };
