import { PGlite } from '@electric-sql/pglite';

let t = performance.now();
const lap = (s: string) => {
  const n = performance.now();
  console.log(s, Math.round(n - t));
  t = n;
};
const c = new PGlite();
await c.waitReady;
lap('pglite ready');
await c.query('select 1');
lap('q');
const c2 = new PGlite();
await c2.waitReady;
lap('second pglite ready');
const dump = await c.dumpDataDir('none');
lap('dump ' + dump.size);
const c3 = new PGlite({ loadDataDir: dump });
await c3.waitReady;
lap('load from dump');
