import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
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
  await seedCatalogue(ctx);
  await seedLearningSkills(ctx);
  if (config.demo && (await seedDemo(ctx.db, ctx.files))) app.log.info('demo data created');
  await app.listen({ port: config.port, host: config.host });
  await ctx.transcoder.resume();
  app.log.info({ ms: Math.round(performance.now() - started), url: `${config.publicUrl}/web/`, database: ctx.database.kind }, 'Skillroom is ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
