import { defineConfig } from '@playwright/test';

// Browser journeys (`npm run test:e2e`): Debian's Chromium against the built store. Each worker starts
// a store of its own (e2e/tienda.ts), so journeys in different workers share nothing; E2E_WORKERS
// sets how many run at once (two fit this 2-core machine). A failure keeps its trace and is never
// retried: a test that fails once in N is a defect to find.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Bounds for what a journey waits for (a page, a catalogue PDF of a thousand articles), not waits:
  // two stores, two browsers and other work share this machine's two cores.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'es-VE',
    // A failure's trace keeps, for every action, a screenshot and the accessibility tree, the film
    // of each page and the console, but not DOM snapshots nor network bodies: those a context stores
    // under the worker's one traces folder by content hash, and two contexts of a journey that load
    // the same script race on that file (one zips it while the other is still writing it: "file
    // data stream has unexpected number of bytes" on close; Playwright issues #22089, #41351).
    // Everything a context writes without them is named by its own call or page.
    trace: { mode: 'retain-on-failure', snapshots: { dom: false, aria: true, screen: true }, screenshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
