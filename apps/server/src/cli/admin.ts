import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createFileStore } from '../lib/file-store-factory';
import { ADMIN_HELP, AdminError, COMMANDS, isHelp, runAdminCommand } from './admin-commands';

/** `npm run admin -w apps/server -- <command>`: the platform admin's tasks (DESIGN §1), on the server's database. */
async function main(argv: string[]) {
  if (isHelp(argv)) return console.info(ADMIN_HELP);
  if (!COMMANDS.includes(argv[0]!)) throw new AdminError(`Unknown command "${argv[0]}". Run with --help for the list.`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    console.info(await runAdminCommand(database.db, argv, { files: createFileStore(config), retentionDays: config.retentionDays }));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  if (e instanceof AdminError || e instanceof ConfigError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(e);
  process.exit(2);
});
