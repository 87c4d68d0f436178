import { parseArgs } from 'node:util';
import { isoDate, PLATFORM_ROLES, type SubscriptionRole } from '@skillroom/contract';
import { DEFAULT_RETENTION_DAYS } from '../config';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { MEDIA_ORPHANS_HELP, mediaOrphansCommand } from './media-orphans.command';
import { schoolsRepository } from '../modules/schools/schools.repository';
import { schoolsService } from '../modules/schools/schools.service';
import { subscriptionsRepository } from '../modules/subscriptions/subscriptions.repository';
import { usersRepository } from '../modules/users/users.repository';
import { RETENTION_HELP, retentionCommand } from './retention-command';

export const ADMIN_HELP = `Skillroom administration

Usage: npm run admin -w apps/server -- <command> [arguments]

It uses the server's configuration: DATABASE_URL, or the embedded database in DATA_DIR (default ./data).
With the embedded database, stop the server first: only one process may open it.

Commands:
  school:create <name>                          create a school (or show the one of that name)
  subscription:create --name <name> --start <YYYY-MM-DD> --end <YYYY-MM-DD> [--individual] [--school <id or name>]
                                                create a subscription; --individual allows individual classes
  subscription:list                             list subscriptions with their numbers of teachers and evaluators
  subscription:add-teacher <subscriptionId> <username>
                                                let a teacher attach classes to the subscription
  subscription:add-evaluator <subscriptionId> <username>
                                                let a user see (and rate in) the subscription's classes
  user:list                                     list accounts with their roles
  user:role <username> <ROLE_…> [--remove]      grant (or take back) a platform role; it takes effect at the
                                                user's next sign-in or token refresh
                                                roles: ${PLATFORM_ROLES.filter((r) => r !== 'ROLE_USER').join(', ')}
${MEDIA_ORPHANS_HELP}
${RETENTION_HELP}
  help, --help                                  show this text
`;

/** A mistake of the person typing: shown without a stack trace, exit code 1. */
export class AdminError extends Error {}

/** The commands that need no database; the entry point answers them before opening one. */
export const isHelp = (argv: string[]) => argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!);
export const COMMANDS = [
  'school:create',
  'subscription:create',
  'subscription:list',
  'subscription:add-teacher',
  'subscription:add-evaluator',
  'user:list',
  'user:role',
  'media:orphans',
  'retention',
];

const table = (rows: Record<string, unknown>[]) => {
  if (!rows.length) return '(none)';
  const keys = Object.keys(rows[0]!);
  const cells = rows.map((r) => keys.map((k) => String(r[k] ?? '')));
  const widths = keys.map((k, i) => Math.max(k.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(keys), ...cells.map(line)].join('\n');
};

function date(value: string | undefined, flag: string) {
  const r = isoDate.safeParse(value);
  if (!value || !r.success) throw new AdminError(`${flag} must be a date as YYYY-MM-DD.`);
  return r.data;
}

async function userByName(db: Db, username: string | undefined) {
  if (!username) throw new AdminError('Give a username.');
  const user = await usersRepository.findByLogin(db, username);
  if (!user) throw new AdminError(`No user "${username}".`);
  return user;
}

async function addMember(db: Db, args: string[], role: SubscriptionRole) {
  const [rawId, username] = args;
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id < 1 || !(await subscriptionsRepository.findById(db, id)))
    throw new AdminError(`No subscription "${rawId ?? ''}".`);
  const user = await userByName(db, username);
  await subscriptionsRepository.addMember(db, id, user.id, role);
  return `${user.username} is now ${role === 'teacher' ? 'a teacher' : 'an evaluator'} of subscription ${id}.`;
}

/** What some commands read from the server's configuration, and the moment they act for (tests choose it). */
export interface AdminOptions {
  /** The media store, for the commands that look at files (media:orphans). */
  files?: FileStore;
  retentionDays?: number;
  now?: Date;
}

/** Runs one admin command and answers what to print. */
export async function runAdminCommand(db: Db, argv: string[], opts: AdminOptions = {}): Promise<string> {
  if (isHelp(argv)) return ADMIN_HELP;
  const [command, ...rest] = argv;
  switch (command) {
    case 'school:create': {
      const name = rest.join(' ').trim();
      if (!name) throw new AdminError('Give the school a name.');
      const id = await schoolsService.findOrCreate(db, name);
      return `School ${id}: ${(await schoolsRepository.findById(db, id))!.name}`;
    }
    case 'subscription:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          start: { type: 'string' },
          end: { type: 'string' },
          individual: { type: 'boolean' },
          school: { type: 'string' },
        },
      });
      const name = values.name?.trim();
      if (!name) throw new AdminError('--name is required.');
      const start = date(values.start, '--start');
      const end = date(values.end, '--end');
      if (end < start) throw new AdminError('--end must not be before --start.');
      let schoolId: number | null = null;
      if (values.school) {
        const found = /^\d+$/.test(values.school)
          ? await schoolsRepository.findById(db, Number(values.school))
          : await schoolsRepository.findByName(db, values.school);
        if (!found) throw new AdminError(`No school "${values.school}" (create it with school:create).`);
        schoolId = found.id;
      }
      const id = await subscriptionsRepository.insert(db, { name, start, end, canCreateIndividual: values.individual ?? false, schoolId });
      return `Subscription ${id}: ${name} (${start} to ${end}${values.individual ? ', individual classes allowed' : ''})`;
    }
    case 'subscription:list':
      return table(
        (await subscriptionsRepository.listAll(db)).map((r) => ({
          id: r.subscription.id,
          name: r.subscription.name,
          start: r.subscription.start,
          end: r.subscription.end,
          individual: r.subscription.canCreateIndividual ? 'yes' : 'no',
          teachers: r.teachers,
          evaluators: r.evaluators,
        })),
      );
    case 'subscription:add-teacher':
      return addMember(db, rest, 'teacher');
    case 'subscription:add-evaluator':
      return addMember(db, rest, 'evaluator');
    case 'user:list':
      return table(
        (await usersRepository.listAll(db)).map((u) => ({
          id: u.id,
          username: u.username,
          name: `${u.firstName} ${u.lastName}`,
          email: u.email,
          type: u.accountType,
          roles: u.roles.join(','),
        })),
      );
    case 'user:role': {
      const { values, positionals } = parseArgs({ args: rest, options: { remove: { type: 'boolean' } }, allowPositionals: true });
      const [username, role] = positionals;
      const user = await userByName(db, username);
      if (!role || !(PLATFORM_ROLES as readonly string[]).includes(role) || role === 'ROLE_USER')
        throw new AdminError(`The role must be one of ${PLATFORM_ROLES.filter((r) => r !== 'ROLE_USER').join(', ')}.`);
      const roles = values.remove ? user.roles.filter((r) => r !== role) : [...new Set([...user.roles, role])];
      await usersRepository.update(db, user.id, { roles: roles.includes('ROLE_USER') ? roles : ['ROLE_USER', ...roles] });
      return `${user.username}: ${(roles.includes('ROLE_USER') ? roles : ['ROLE_USER', ...roles]).join(', ')}`;
    }
    case 'media:orphans':
      if (!opts.files) throw new AdminError('media:orphans needs the file store.');
      return mediaOrphansCommand(db, opts.files, rest, (m) => new AdminError(m));
    case 'retention':
      return retentionCommand(
        db,
        rest,
        { retentionDays: opts.retentionDays ?? DEFAULT_RETENTION_DAYS, now: opts.now ?? new Date() },
        table,
        (m) => new AdminError(m),
      );
    default:
      throw new AdminError(`Unknown command "${command}". Run with --help for the list.`);
  }
}
