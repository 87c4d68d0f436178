import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { drainAndClose, registerDrain } from './plugins/shutdown';
import { seedCatalogue } from './seed/catalogue';
import { seedLearningSkills } from './seed/catalogue-skills';
import { seedDemo } from './seed/demo';

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  const { app, ctx } = await buildApp({ config });
  registerDrain(app);
  await seedCatalogue(ctx);
  await seedLearningSkills(ctx);
  if (config.demo && (await seedDemo(ctx.db, ctx.files))) app.log.info('demo data created');
  await app.listen({ port: config.port, host: config.host });
  // After listen, so requests are answered meanwhile. The queue's schema is made on the first start only; later
  // starts read their queues and schedules and write nothing new.
  const jobsStarted = performance.now();
  await ctx.jobs.start();
  const jobsMs = Math.round(performance.now() - jobsStarted);
  app.log.info(
    { ms: Math.round(performance.now() - started), jobsMs, url: `${config.publicUrl}/web/`, database: ctx.database.kind },
    'Skillroom is ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const started = performance.now();
    // Uploads in flight get their time (REQUEST_TIMEOUT_MS bounds them anyway); a stuck close still ends.
    const timer = setTimeout(
      () => {
        app.log.error('shutdown did not finish in time');
        process.exit(1);
      },
      Math.max(10_000, config.requestTimeoutMs + 5_000) + config.shutdownGraceMs,
    ).unref();
    await drainAndClose(app, config.shutdownGraceMs);
    clearTimeout(timer);
    app.log.info({ ms: Math.round(performance.now() - started) }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
