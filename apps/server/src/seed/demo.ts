import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { users } from '../db/schema';
import { schoolsService } from '../modules/schools/schools.service';
import { hashPassword } from '../accounts/passwords';
import { usersRepository } from '../modules/users/users.repository';
import { DEMO_ACCOUNTS, DEMO_SCHOOL, DEMO_PASSWORD } from '../modules/system/demo-accounts';
import { seedDemoClasses } from './demo-classes';
import { seedDemoInvitations } from './demo-invitations';

/** Seeds the demo school, accounts, classes and a term of ratings (evidence photos with a file store), once, on an empty database. Returns whether it seeded. */
export async function seedDemo(db: Db, files: FileStore | null = null): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const schoolId = await schoolsService.findOrCreate(tx, DEMO_SCHOOL);
    const ids: Record<string, number> = {};
    for (const a of DEMO_ACCOUNTS) {
      ids[a.username] = await usersRepository.insert(tx, {
        username: a.username,
        email: a.email,
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        accountType: a.accountType,
        preferredLanguage: 'en',
        schoolId,
        privacyPolicyLastAgreed: new Date(),
      });
    }
    const [teacher, coteacher, evaluator, parent, student] = [ids.teacher!, ids.coteacher!, ids.evaluator!, ids.parent!, ids.student!];
    const demoUsers = { teacher, coteacher, evaluator, parent, student };
    await seedDemoInvitations(tx, demoUsers, await seedDemoClasses(tx, demoUsers, schoolId, files));
  });
  return true;
}
