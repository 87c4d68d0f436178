// The API project's globalSetup: one migrated database per run, which every test file copies instead of migrating its own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { admin } from '../bench/bench-server';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball of a PGlite data folder with every migration applied (PGlite runs), else null. */
    pgliteTemplate: string | null;
    /** The name of a PostgreSQL database with every migration applied (runs with TEST_DATABASE_URL), else null. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database from scratch (so every run still proves the migrations apply to an empty database) and hands
 * it to the test files: creating a PGlite cluster and migrating it takes 2-4 s, loading a dumped one under 1 s; a
 * PostgreSQL database copied from a template is ready at once. The copies hold the schema and what the migrations
 * insert, nothing else (the picture catalogue is seeded by main.ts, not here). Answers the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return postgresTemplate(project, url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-pglite-template-'));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    const client = (database.jobStore as { client: PGlite }).client;
    const tarball = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', null);
  } finally {
    await database.close();
  }
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, url: string) {
  const name = `skillroom_template_${crypto.randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // Closed before any file copies it: PostgreSQL copies only a database nobody is connected to.
  try {
    const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null });
    await database.close();
  } catch (e) {
    await admin(url, `drop database if exists ${name} with (force)`);
    throw e;
  }
  project.provide('pgliteTemplate', null);
  project.provide('postgresTemplate', name);
  return () => admin(url, `drop database if exists ${name} with (force)`);
}
