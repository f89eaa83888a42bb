// `node bench/lighthouse.ts [URL]`: Lighthouse (mobile defaults: emulated mid-range phone, slow 4G,
// 4× CPU) on home, a sub-line list, an article and the cart, three runs each, median of each score.
// Uses Debian's Chromium (CHROMIUM_PATH). Not in CI: about 1-2 minutes per page on this machine.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { storeFor, storefrontPages } from './tienda-servidor.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const store = await storeFor(process.argv[2]);
try {
  console.log(`Lighthouse ${RUNS}× por página (móvil por defecto), mediana y [mínimo-máximo]\n`);
  console.log('| página | rendimiento | accesibilidad | buenas prácticas | SEO | LCP s | TBT ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const page of await storefrontPages(store.base)) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]]));
    const lcp: number[] = [];
    const tbt: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh browser per run: an empty cache and profile, as a new shopper.
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const result = await lighthouse(store.base + page.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse no devolvió nada para ${page.path}`);
        // A run that failed to load the page has no score: it is reported, not counted as 0.
        if (result.lhr.runtimeError) console.error(`${page.path}: ${result.lhr.runtimeError.message}`);
        for (const category of CATEGORIES) {
          const score = result.lhr.categories[category]?.score;
          if (typeof score === 'number') scores[category].push(Math.round(score * 100));
        }
        lcp.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        tbt.push(result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      } finally {
        await chrome.kill();
      }
    }
    const cell = (values: number[]) => (values.length ? `${median(values)} [${Math.min(...values)}-${Math.max(...values)}]` : 'sin dato');
    console.log(
      `| ${page.name} (${page.path}) | ${CATEGORIES.map((c) => cell(scores[c])).join(' | ')} | ${(median(lcp) / 1000).toFixed(1)} | ${median(tbt).toFixed(0)} |`,
    );
  }
} finally {
  await store.close();
}
