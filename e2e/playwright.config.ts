import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Prints a port the system has free now (listening on port 0, then letting it go). */
const FREE_PORT = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";

// Two servers, each with its own free port and fresh data folder (the server seeds the demo data into it, as on a new
// machine). Each project runs its files one at a time against its own server, so no test meets another's changes
// half-way; the two projects run side by side, since one browser and one server keep CI's two cores only half busy.
// Ports and folders are kept in the environment so that the test workers reach the same servers (and the mails written
// there); a fixed port fails whenever anything else holds it, such as the app itself running.
const freePort = () => spawnSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).stdout.trim();
process.env.E2E_PORT ||= freePort();
process.env.E2E_PORT_B ||= freePort();
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `skillroom-e2e-${process.pid}-${Date.now()}`);
process.env.E2E_DATA_DIR_B ??= `${process.env.E2E_DATA_DIR}-b`;
const servers = [
  { port: Number(process.env.E2E_PORT), dataDir: process.env.E2E_DATA_DIR },
  { port: Number(process.env.E2E_PORT_B), dataDir: process.env.E2E_DATA_DIR_B },
];
const port = servers[0]!.port;
const baseURL = (server: { port: number }) => `http://127.0.0.1:${server.port}`;

/**
 * The second server's files: screens walked, measured or used offline, each on the demo data as seeded (none reads
 * the first server's mail folder). About half the run's time, so that both projects end near the same moment.
 */
const SECOND = [
  'sweep', 'focus', 'focus-return', 'page-weight', 'report-tables', 'growth', 'coverage-frameworks', 'self-assessment',
  'offline', 'self-assessment-offline', 'gone-pages', 'keyboard-capture',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: path.join(os.tmpdir(), `skillroom-e2e-results-${port}`),
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: SECOND, workers: 1, metadata: { dataDir: servers[0]!.dataDir } },
    { name: 'screens', testMatch: SECOND, workers: 1, metadata: { dataDir: servers[1]!.dataDir } },
  ].map((project, i) => ({ ...project, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: baseURL(servers[i]!) } })),
  webServer: servers.map((server) => ({
    // The server as production runs it: the JavaScript `npm run build` made (test:e2e builds first).
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL(server)}/api/public/v1/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir!,
      DEMO: 'true',
      PUBLIC_URL: baseURL(server),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '500',
    },
  })),
});
