// The real server (buildApp, as main.ts builds it) on 127.0.0.1 and an ephemeral port, told to the parent over IPC.
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { drainAndClose, registerDrain } from '../src/plugins/shutdown';

const { app } = await buildApp({ config: loadConfig(), logger: process.env.LOG_LEVEL !== 'silent' });
// Stopped as main.ts stops it: the requests a benchmark's client left running finish before the database closes.
registerDrain(app);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
// The notifications benchmark asks for the server's memory (after a collection, when --expose-gc is on).
process.on('message', (m) => {
  if (m !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send!({ memory: process.memoryUsage() });
});
process.on('SIGTERM', () => void drainAndClose(app).then(() => process.exit(0)));
