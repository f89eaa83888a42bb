// Administración edits the shipping rates of a state on a 360 px phone: a bad range shows its Spanish
// message and saves nothing; a good one is saved and read back by the public API.
import type { Browser } from '@playwright/test';
import type { ShippingRateDto } from '#domain/contracts/envios.ts';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function rateOf(agency: string, state: string): Promise<ShippingRateDto | undefined> {
  const { data } = (await (await fetch(`${baseUrl()}/api/envios/tarifas`)).json()) as { data: ShippingRateDto[] };
  return data.find((r) => r.agency === agency && r.state === state);
}

test.describe('tarifas de envío en el panel', () => {
  test('administración cambia el costo de MRW y pasa Zoom a por cobrar en Mérida, desde un teléfono', async () => {
    const { page, errors } = await newPage(browser, { width: 360, height: 780 });
    await login(page, 'administracion@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/configurar/envios?estado=M%C3%A9rida`, { waitUntil: 'networkidle' });
    expect(await page.getByLabel('Estado').inputValue()).toBe('Mérida');

    await page.locator('input[name="mrw.cost"]').fill('8,25');
    await page.locator('input[name="zoom.min"]').fill('5');
    await page.locator('input[name="zoom.max"]').fill('2');
    await page.getByRole('button', { name: 'Guardar las tarifas de Mérida' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Mérida: Los días máximos van de los mínimos a 60');
    expect((await rateOf('mrw', 'Mérida'))?.costUsd).not.toBe('8.25');

    await page.locator('input[name="mrw.cost"]').fill('8,25');
    await page.locator('input[name="zoom.cost"]').fill('');
    await page.locator('input[name="zoom.min"]').fill('3');
    await page.locator('input[name="zoom.max"]').fill('6');
    await page.getByRole('button', { name: 'Guardar las tarifas de Mérida' }).click();
    await page.getByTestId('tarifas-guardadas').waitFor();
    expect(await page.getByTestId('tarifas-guardadas').textContent()).toBe('Tarifas de Mérida guardadas.');
    // The saved rates come with the page's revalidation: wait for them rather than read at once.
    await page.getByTestId('tarifa-zoom').filter({ hasText: 'Por cobrar en destino · 3–6 días' }).waitFor();
    expect(await rateOf('mrw', 'Mérida')).toMatchObject({ costUsd: '8.25' });
    expect(await rateOf('zoom', 'Mérida')).toMatchObject({ costUsd: null, daysMin: 3, daysMax: 6 });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
