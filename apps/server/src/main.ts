import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { drainAndClose, registerDrain, STOP_BOUND_MS } from './plugins/shutdown';
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
    // The whole stop is bounded: drainAndClose cuts what still runs before this, so this exit is for a stuck close.
    const timer = setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, config.shutdownGraceMs + STOP_BOUND_MS).unref();
    // Jobs are not served through the load balancer: they take no new work from now (sends still queue), and the jobs
    // in hand have the whole stop to finish.
    void ctx.jobs.pause().catch((err: unknown) => app.log.warn({ err }, 'pausing the job queue failed'));
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
