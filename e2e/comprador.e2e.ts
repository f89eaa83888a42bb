// What a shopper meets on a 360 px phone outside the happy path (issue 26): a page that does not
// exist keeps the store's header, search and footer, with a way on.
import type { Browser } from '@playwright/test';
import { expect, newPage, noSidewaysScroll, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test('404 en el teléfono: cabecera con búsqueda, pie y salidas al inicio y al catálogo', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar artículos' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Seguir mi pedido');
  await expect(page.getByRole('link', { name: 'Ver el catálogo' })).toBeVisible();
  await noSidewaysScroll(page);
  // The search in the header works from the error page.
  await page.getByRole('searchbox', { name: 'Buscar artículos' }).fill('camisa');
  await page.getByRole('searchbox', { name: 'Buscar artículos' }).press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=camisa/);
  await page.goto('/esta-pagina-no-existe');
  await page.getByRole('link', { name: 'Ver el catálogo' }).click();
  await expect(page).toHaveURL(/\/linea$/);
  expect(errors).toEqual([]);
  await page.context().close();
});
