// Walking a long list of the store page by page on a phone: «Página siguiente» carries the list's
// cursor (`despues`), so a deep page costs what the first one does, and each page shows exactly what
// the same page by number shows.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const cards = (page: Page) =>
  page.getByTestId('articulo').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

test.describe('páginas de la tienda por cursor', () => {
  test('«Página siguiente» lleva el cursor y muestra lo mismo que la página por número', async () => {
    // «Lo nuevo» of the demo store: 55 styles, three pages of 24.
    const list = '/articulos/lo-nuevo';
    const { page, errors } = await newPage(browser, PHONE);
    const byNumber = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}${list}`);
    for (const n of [2, 3]) {
      await page.getByRole('link', { name: 'Página siguiente' }).first().click();
      await page.waitForURL(new RegExp(`\\?page=${n}&despues=[\\w-]+$`));
      await byNumber.page.goto(`${baseUrl()}${list}?page=${n}`);
      const expected = await cards(byNumber.page);
      expect(expected.length).toBeGreaterThan(0);
      expect(await cards(page)).toEqual(expected);
    }
    // A number link goes without the cursor.
    expect(await page.getByRole('link', { name: '1', exact: true }).first().getAttribute('href')).toBe(list);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
