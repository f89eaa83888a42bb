// The page CSP has no 'unsafe-eval', and zod runs in the browser (the checkout's checks): with its
// `jitless` setting (web/app/lib/zod-sin-eval.ts) it neither compiles parsers nor probes whether it
// may, so going through the checkout reports no violation of the policy.
import type { Browser } from '@playwright/test';
import { baseUrl, expect, newPage, PHONE, test } from './fixtures.ts';
import { cartToPaymentStep } from './pago-en-linea.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

type Violations = { violaciones: string[] };

test('los pasos del checkout validan con zod sin ninguna violación de la CSP, que sigue sin unsafe-eval', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { violaciones: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`), true);
  });
  const answer = await page.goto(`${baseUrl()}/carrito`);
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toContain('unsafe-eval');
  await cartToPaymentStep(page);
  // zod checked each step on the way.
  expect(await page.evaluate(() => (window as unknown as Violations).violaciones)).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});
