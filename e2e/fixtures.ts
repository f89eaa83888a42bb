// Browser helpers for the journeys: Debian's Chromium through playwright-core.
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that fails the test on any uncaught script error or CSP violation. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'es-VE' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Hydration|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

export const DEMO_PASSWORD = 'Vitrina.Demo.2026';

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** On an article page: picks the first size and waits for the article code (model + size) to show. */
export async function chooseFirstSize(page: Page, model: string): Promise<string> {
  const firstSize = page.locator('[data-testid^="talla-"]').first();
  const sizeCode = ((await firstSize.getAttribute('data-testid')) ?? '').replace('talla-', '');
  await firstSize.click();
  await page.waitForURL(new RegExp(`/articulos/${model}${sizeCode}$`));
  await page
    .getByTestId('codigo-articulo')
    .filter({ hasText: new RegExp(`^${model}${sizeCode}$`) })
    .waitFor();
  return sizeCode;
}
