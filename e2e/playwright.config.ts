import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Prints a port the system has free now (listening on port 0, then letting it go). */
const FREE_PORT = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";

// A free port unless one is named, kept in the environment so that the test workers reach the same server (a fixed
// port fails whenever anything else holds it, such as the app itself running).
process.env.E2E_PORT ||= spawnSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).stdout.trim();
const port = Number(process.env.E2E_PORT);
// A fresh data folder per run: the server seeds the demo data into it, as on a new machine.
// Kept in the environment so the test workers find the same folder (and the mails written there).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `skillroom-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: path.join(os.tmpdir(), `skillroom-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // The server as production runs it: the JavaScript `npm run build` made (test:e2e builds first).
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/public/v1/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'true', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_PER_MINUTE: '500' },
  },
});
