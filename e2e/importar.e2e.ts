// Issue 9, the catalogue sheet: inventario exports the catalogue as XLSX from the import page,
// turns 1,000 of its rows into a price list (every model + 1 USD) with three rows wrong in three
// different ways, and uploads it. The preview names exactly those three by the spreadsheet's row
// and column; applying everything is not offered (and the API refuses it); applying the valid rows
// changes 997, and the storefront shows a new price on its next request. The page fits a 360 px phone.

import type { Browser } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SIZE_CODE_LENGTH } from '#domain/article-code.ts';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { SHEET_HEADERS, stockHeader } from '#domain/importar-catalogo.ts';
import { formatUsd, fromCents } from '#domain/money.ts';
import { pvpCents } from '#domain/precio-al-publico.ts';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const PAGE = '/dashboard/configurar/productos/importar';
const USER = 'inventario@vitrina.com.ve';

/** Rows of articles in the uploaded sheet, under its header (row 1). */
const ROWS = 1000;
/** The three bad rows, as the spreadsheet numbers them. */
const BAD = { precio: 137, existencia: 512, color: 868 } as const;
/** Not a colour of the demo catalogue: a model code ending in it is a new model of an unknown colour. */
const NO_COLOR = 'QZQZ';

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** Text without the spaces the es-VE format may put between the symbol and the digits. */
const money = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const cents = (usd: number) => Math.round(usd * 100);

type Columns = { codigo: number; precio: number; stock: number; stockHeader: string };

/** Where the export put each column (1-based, as exceljs counts them), found by the header's text. */
function columnsOf(sheet: ExcelJS.Worksheet): Columns {
  // exceljs leaves index 0 of a row's values empty: columns count from 1.
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => (typeof v === 'string' ? v : ''));
  const at = (header: string) => {
    const index = headers.indexOf(header);
    expect(index, header).toBeGreaterThan(0);
    return index;
  };
  const stock = headers.findIndex((h) => h.startsWith('Existencia '));
  expect(stock, 'una columna de existencia').toBeGreaterThan(0);
  const header = headers[stock];
  expect(header).toBe(stockHeader(header.slice('Existencia '.length)));
  for (const h of Object.values(SHEET_HEADERS)) at(h);
  return { codigo: at(SHEET_HEADERS.codigo), precio: at(SHEET_HEADERS.precio), stock, stockHeader: header };
}

const modelOf = (articleCode: string) => articleCode.slice(0, -SIZE_CODE_LENGTH);

/** A model of the sheet that the storefront shows at its plain price (no promotion, no discount). */
async function publicModel(models: Map<string, number>): Promise<{ detail: ArticleDetail; priceCents: number }> {
  for (const [model, priceCents] of models) {
    const response = await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`);
    if (!response.ok) continue;
    const { data: detail } = (await response.json()) as { data: ArticleDetail };
    if (detail.promotion !== '0.00' || detail.discount !== '0.00') continue;
    return { detail, priceCents };
  }
  throw new Error('ningún modelo de la hoja se ve en la tienda a su precio');
}

test.describe('importar la hoja del catálogo', () => {
  test('una hoja de 1.000 filas con 3 filas malas: la vista previa nombra exactamente esas 3 y se aplican las 997 válidas', async () => {
    const { page, errors } = await newPage(browser);
    await login(page, USER);
    const response = await page.goto(`${baseUrl()}${PAGE}`);
    expect(response?.status()).toBe(200);

    // The catalogue as the page exports it (every filter left at «all»).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exportar-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^catalogo_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const col = columnsOf(sheet);
    expect(sheet.actualRowCount - 1, 'artículos del catálogo de demostración').toBeGreaterThanOrEqual(ROWS);

    // Its first 1,000 articles, every model + 1 USD; three rows wrong in three ways.
    const last = ROWS + 1;
    const newPrices = new Map<string, number>();
    const badModels = new Set<string>();
    for (let n = 2; n <= last; n++) {
      const row = sheet.getRow(n);
      const code = String(row.getCell(col.codigo).value);
      const price = Number(row.getCell(col.precio).value);
      expect(code, `fila ${n}`).toMatch(/^[A-Z0-9-]+$/);
      expect(price, `fila ${n}`).toBeGreaterThan(0);
      const after = cents(price) + 100;
      row.getCell(col.precio).value = after / 100;
      if (Object.values(BAD).includes(n as never)) badModels.add(modelOf(code));
      else newPrices.set(modelOf(code), after);
    }
    // A negative price; units that are not a number; an unknown article whose new model has no colour.
    sheet.getRow(BAD.precio).getCell(col.precio).value = -5;
    sheet.getRow(BAD.existencia).getCell(col.stock).value = 'diez';
    const colorRow = sheet.getRow(BAD.color).getCell(col.codigo);
    const colorCode = String(colorRow.value);
    const unknown = `${colorCode.slice(0, -(4 + SIZE_CODE_LENGTH))}${NO_COLOR}${colorCode.slice(-SIZE_CODE_LENGTH)}`;
    colorRow.value = unknown;
    for (const model of badModels) newPrices.delete(model);
    // The header and those 1,000 rows, as a workbook of their own.
    const edited = new ExcelJS.Workbook();
    const target = edited.addWorksheet(sheet.name);
    for (let n = 1; n <= last; n++) target.addRow(Array.from(sheet.getRow(n).values as unknown[]).slice(1));
    const upload = Buffer.from(await edited.xlsx.writeBuffer());

    // The storefront shows a model of the sheet at its old price (its caches warm).
    const shown = await publicModel(newPrices);
    const shop = await newPage(browser);
    await shop.page.goto(`${baseUrl()}${shown.detail.path}`);
    await shop.page.reload();
    const oldPrice = money(await shop.page.getByTestId('precio').first().textContent());
    // Shoppers see the price with IVA (PVP).
    expect(oldPrice).toBe(formatUsd(pvpCents(cents(Number(shown.detail.price)))));
    expect(shown.priceCents).toBe(cents(Number(shown.detail.price)) + 100);

    // The upload, through the page's file input.
    await page.getByTestId('archivo-hoja').setInputFiles({
      name: 'precios-1000.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: upload,
    });
    await page.getByTestId('subir-hoja-boton').click();
    await page.waitForURL(/\?vista=[0-9a-f-]{36}$/);
    const preview = page.getByTestId('vista-previa-importacion');
    await preview.waitFor();
    const id = new URL(page.url()).searchParams.get('vista') ?? '';

    // The counts and exactly the three problems, by row and column.
    const count = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
    expect(await count('conteo-total')).toBe('1.000');
    expect(await count('conteo-errores')).toBe('3');
    expect(await count('conteo-cambian')).toBe('997');
    expect(await count('conteo-nuevas')).toBe('0');
    expect(await count('conteo-iguales')).toBe('0');
    await expect(preview).toContainText('3 problemas. La fila es la de la hoja.');
    const problems = await page
      .getByTestId('error-fila')
      .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(problems.map(([row, column]) => [row, column])).toEqual([
      [String(BAD.precio), SHEET_HEADERS.precio],
      [String(BAD.existencia), col.stockHeader],
      [String(BAD.color), SHEET_HEADERS.codigo],
    ]);
    expect(problems[0][2]).toContain('no puede ser negativo');
    expect(problems[1][2]).toContain('«diez»');
    expect(problems[2][2]).toContain(`su color ${NO_COLOR} tampoco`);
    expect(problems[2][2]).toContain(unknown.slice(0, -SIZE_CODE_LENGTH));

    // With bad rows, «apply everything» is not offered, and the API refuses it too.
    await expect(page.getByTestId('aviso-errores')).toContainText('Hay 3 filas con errores');
    expect(await page.getByTestId('aplicar-todo').count()).toBe(0);
    const huella = await page.locator('input[name="huella"]').inputValue();
    const refused = await page.request.post(`${baseUrl()}/api/configuracion/importar-productos/aplicar`, {
      data: { id, huella, soloValidas: false },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toContain('3 filas con errores');

    // The preview on a 360 px phone: the same three problems as cards, nothing sideways.
    const phone = await newPage(browser, PHONE);
    await login(phone.page, USER);
    expect((await phone.page.goto(`${baseUrl()}${PAGE}?vista=${id}`))?.status()).toBe(200);
    await phone.page.getByTestId('vista-previa-importacion').waitFor();
    const cards = phone.page.getByTestId('error-tarjeta');
    await expect(cards.evaluateAll((all) => all.map((c) => Number(c.getAttribute('data-fila'))))).resolves.toEqual([
      BAD.precio,
      BAD.existencia,
      BAD.color,
    ]);
    await expect(cards.first()).toBeVisible();
    await noSidewaysScroll(phone.page);

    // Nothing was applied yet: the storefront still has the old price.
    const before = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${shown.detail.model}`)).json()) as { data: ArticleDetail };
    expect(before.data.price).toBe(shown.detail.price);

    // «Apply only the valid rows»: 997.
    await page.getByTestId('aplicar-validas').click();
    const applied = page.getByTestId('importacion-aplicada');
    await applied.waitFor();
    const text = (await applied.textContent()) ?? '';
    expect(text).toContain('Se aplicaron 997 filas');
    expect(text).toContain('Quedaron fuera 3 filas con errores');
    expect(text).toContain('0 artículos nuevos');
    expect(text).toContain('0 conteos de existencia');
    // The preview was used up: the page does not also call it missing.
    expect(await page.getByTestId('error-vista').count()).toBe(0);

    // The storefront's next request has the new price, in its API and on the article page.
    const after = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${shown.detail.model}`)).json()) as { data: ArticleDetail };
    expect(after.data.price).toBe(fromCents(shown.priceCents));
    await shop.page.reload();
    expect(money(await shop.page.getByTestId('precio').first().textContent())).toBe(formatUsd(pvpCents(shown.priceCents)));
    // The bad rows changed nothing: the unknown colour created no model.
    expect((await fetch(`${baseUrl()}/api/v2/catalogo/article/${unknown}`)).status).toBe(404);

    // No script errors anywhere.
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    expect(shop.errors).toEqual([]);
    await Promise.all([page.context().close(), phone.page.context().close(), shop.page.context().close()]);
  });
});
