import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
const folder = '/work/main/apps/server/src/db/migrations';
let t = performance.now();
const c = new PGlite(); await c.waitReady; console.log('create', Math.round(performance.now() - t));
t = performance.now(); await migrate(drizzle(c) as never, { migrationsFolder: folder }); console.log('migrate', Math.round(performance.now() - t));
t = performance.now(); const dump = await c.dumpDataDir('none'); console.log('dump', Math.round(performance.now() - t), dump.size);
for (let i = 0; i < 2; i++) {
t = performance.now(); const d = new PGlite({ loadDataDir: dump }); await d.waitReady; console.log('load', Math.round(performance.now() - t));
t = performance.now(); await migrate(drizzle(d) as never, { migrationsFolder: folder }); console.log('migrate-noop', Math.round(performance.now() - t));
console.log((await d.query('select count(*) from information_schema.tables')).rows);
}
