// The sales reports in the browser, on the demo's sales (the server seeds a handful in the last 60
// days): the chart page and the XLSX downloaded with its own link show the same totals, the chart
// is drawn (client-side, after hydration, without errors), and on a 360 px phone the report pages
// and a document's page do not scroll sideways.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { caracasIsoDate } from '#domain/dates.ts';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const today = caracasIsoDate(new Date());
const from = caracasIsoDate(new Date(Date.now() - 75 * 86_400_000));
const REPORT = `/dashboard/venta/todas-las-ventas?desde=${from}&hasta=${today}`;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** "$ 1.234,56" or "Bs. 1.234,56" → 123456. */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100;
const round = (n: number) => Math.round(n);

test.describe('reportes de ventas', () => {
  test('el gráfico y la hoja XLSX descargada desde la página dan los mismos totales', async () => {
    const { page, errors } = await newPage(browser);
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(baseUrl() + REPORT);
    const documentos = Number((await page.getByTestId('resumen-documentos').locator('p').nth(1).textContent()) ?? '');
    expect(documentos).toBeGreaterThan(5);
    const totalUsd = round(cents((await page.getByTestId('total-total-usd').textContent()) ?? ''));
    const totalVes = round(cents((await page.getByTestId('total-total-ves').textContent()) ?? ''));
    expect(totalUsd).toBeGreaterThan(0);

    // The chart draws in the browser; its table holds the very same series.
    await page.locator('[data-testid="grafico-dia"][data-dibujado="si"] .recharts-bar-rectangle').first().waitFor();
    const bars = await page.locator('[data-testid="grafico-dia"] .recharts-bar-rectangle').count();
    const dayValues = await page
      .getByTestId('tabla-dia')
      .locator('td[data-valor]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-valor') ?? '0'));
    expect(bars).toBe(dayValues.length);
    expect(round(dayValues.reduce((s, v) => s + Number(v) * 100, 0))).toBe(totalUsd);
    await page.getByRole('tab', { name: 'Por tienda' }).click();
    await page.locator('[data-testid="grafico-tienda"] .recharts-bar-rectangle').first().waitFor();
    // The tabs look like tabs: the chosen one is marked (its underline), the others are not.
    const underline = (name: string) =>
      page.getByRole('tab', { name }).evaluate((tab) => {
        const style = getComputedStyle(tab);
        return `${style.borderBottomWidth} ${style.borderBottomColor}`;
      });
    await expect(page.getByRole('tab', { name: 'Por tienda' })).toHaveAttribute('aria-selected', 'true');
    expect(await underline('Por tienda')).not.toBe(await underline('Por día'));
    expect(await underline('Por tienda')).not.toMatch(/^0px/);
    await page.getByRole('tab', { name: 'Métodos de pago' }).click();
    await page.locator('[data-testid="grafico-metodos"] .recharts-pie-sector').first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exportar-xlsx').click()]);
    expect(download.suggestedFilename()).toBe(`ventas_${from}_${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Totales');
    expect(round(Number(last.getCell(header.indexOf('Total $') + 1).value) * 100)).toBe(totalUsd);
    expect(round(Number(last.getCell(header.indexOf('Total Bs.') + 1).value) * 100)).toBe(totalVes);
    // An anulada (another journey may void a sale) is listed but counts in no total.
    let sum = 0;
    let counted = 0;
    for (let i = 2; i < sheet.rowCount; i++) {
      const row = sheet.getRow(i);
      if (row.getCell(header.indexOf('Estado de pago') + 1).value === 'Anulada') continue;
      counted += 1;
      sum += round(Number(row.getCell(header.indexOf('Total $') + 1).value) * 100);
    }
    expect(counted).toBe(documentos);
    expect(sum).toBe(totalUsd);
    expect(errors).toEqual([]);
  });

  test('en un teléfono de 360 px: mis ventas, todas, por tienda, pagos y un documento sin desplazamiento lateral', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/venta/mis-ventas?desde=${from}&hasta=${today}`);
    await page.getByTestId('reporte-mias').waitFor();
    const mine = await page.getByTestId('tabla-ventas').locator('tbody tr').count();
    expect(mine).toBeGreaterThan(0);
    expect(await overflow(page)).toBe(0);
    for (const path of [
      REPORT,
      `/dashboard/venta/tiendas?desde=${from}&hasta=${today}`,
      `/dashboard/venta/pagos?desde=${from}&hasta=${today}`,
    ]) {
      await page.goto(baseUrl() + path);
      await page.locator('[data-dibujado="si"]').first().waitFor();
      expect(await overflow(page), path).toBe(0);
    }
    // The range picker in Spanish: the chosen range shows dd/mm/aaaa and the form sends it in the URL.
    await page.goto(baseUrl() + REPORT);
    const [y, m, d] = from.split('-');
    const [ty, tm, td] = today.split('-');
    await expect(page.getByTestId('filtro-fechas')).toHaveText(`${d}/${m}/${y} al ${td}/${tm}/${ty}`);
    await page.getByTestId('filtro-fechas').click();
    await page.getByRole('button', { name: 'Hoy', exact: true }).click();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('filtrar-ventas').click();
    await page.waitForURL((url) => url.searchParams.get('desde') === today && url.searchParams.get('hasta') === today);
    await page.getByTestId('filtro-fechas').click();
    // Weeks start on Monday, with Spanish day names.
    await page.getByRole('dialog').getByText(/^lu$/i).first().waitFor();
    await page.getByRole('button', { name: 'Mes pasado' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(baseUrl() + REPORT);
    const first = page.getByTestId('tabla-ventas').locator('tbody tr a').first();
    const number = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/dashboard\/venta\/documento\//);
    expect((await page.getByTestId('documento-numero').textContent()) ?? '').toContain(number);
    await page.getByTestId('documento-totales').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('administración abre los pagos; un documento inexistente es 404', async () => {
    const { page } = await newPage(browser);
    await login(page, 'administracion@vitrina.com.ve');
    const missing = await page.goto(`${baseUrl()}/dashboard/venta/documento/F-CCS-999999`);
    expect(missing?.status()).toBe(404);
    const pagos = await page.goto(`${baseUrl()}/dashboard/venta/pagos`);
    expect(pagos?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Pagos recibidos' }).waitFor();
  });
});
