// `node bench/js-tienda.ts [URL]`: the JavaScript a shopper's phone downloads on the first visit to
// the storefront (home, a sub-line list, an article, the cart), measured in Chromium (360×780) on
// the built store: script requests, their bytes as gzip (level 6, each file alone) and raw, and the
// largest files of the article page, each page against the floor (bench/js-piso.ts: React, React
// DOM and React Router alone). Without a URL it starts the built server on a demo database.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { reactRouterFloor } from './js-piso.ts';
import { storeFor, storefrontPages } from './tienda-servidor.ts';

const KB = (bytes: number) => (bytes / 1024).toFixed(1);

const floor = await reactRouterFloor();
const store = await storeFor(process.argv[2]);
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  console.log('| página | JS: solicitudes | JS gzip KB | JS sin comprimir KB | gzip / piso |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| piso: React, React DOM y React Router solos | ${floor.files} | ${KB(floor.gzip)} | ${KB(floor.raw)} | 1,00 |`);
  const articleFiles = new Map<string, number>();
  for (const page of await storefrontPages(store.base)) {
    // A fresh profile each time: the first visit of a new shopper.
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'es-VE' });
    const tab = await context.newPage();
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url()).pathname;
      scripts.push(response.body().then((body) => ({ url, raw: body.length, gzip: gzipSync(body, { level: 6 }).length })));
    });
    await tab.goto(store.base + page.path, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    const ratio = (gzip / floor.gzip).toFixed(2).replace('.', ',');
    console.log(`| ${page.name} (${page.path}) | ${files.length} | ${KB(gzip)} | ${KB(raw)} | ${ratio} |`);
    if (page.name === 'artículo') for (const f of files) articleFiles.set(f.url, f.gzip);
    await context.close();
  }
  console.log('\nLos archivos más pesados del artículo (gzip KB):');
  for (const [file, size] of [...articleFiles].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${KB(size).padStart(6)}  ${file}`);
  await browser.close();
} finally {
  await store.close();
}
