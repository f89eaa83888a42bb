// The web buyer's factura: once staff confirm the payment the order is a sale (its factura), and the
// buyer reaches its PDF from the order page, «Mis compras» and the mail of «Pago confirmado», by a
// signed link of its own, never cached. Before that there is no document; a wrong link is a 404.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, reportadoExacto, type StockedArticle, stockedArticle } from '#test/ordenes.ts';
import { nextIp } from '#test/sessions.ts';

let t: TestApp;
let api: OrdenesDriver;
let stocked: StockedArticle;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stocked = await stockedArticle(t, 20);
  dir = mkdtempSync(path.join(tmpdir(), 'vitrina-factura-'));
});

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const pdfText = (body: Buffer) => {
  const file = path.join(dir, `f-${Date.now()}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

const get = (url: string) => t.app.inject({ url, remoteAddress: nextIp() });

describe('la factura del comprador web', () => {
  it('con el pago confirmado, la página de la orden, Mis compras y el correo de pago confirmado enlazan su PDF firmado y sin caché', async () => {
    const buyerToken = await api.tokenOf('cliente');
    const payment = { method: 'zelle', reference: 'ZFACT0001', amount: '11.60', date: '2026-11-22' };
    const { code, token } = await api.registrarOrden(
      orderBody(stocked, { payment, buyer: { email: 'cliente@vitrina.com.ve' } }),
      'factura-1',
      { token: buyerToken },
    );

    // Before the payment is confirmed: no document, and its link answers 404.
    const before = (await api.estado(code, token)).json().data;
    expect(before.document).toBeNull();

    // The report is the exact amount due (with the IGTF of a payment in divisas): confirmed, it is paid.
    await reportadoExacto(t, code);
    expect((await api.confirmarPago(code, true)).statusCode).toBe(200);
    const [factura] = await rows<{ number: string }>(
      t,
      sql`SELECT v.number FROM ventas v JOIN ordenes_compra o ON o.id = v.order_id WHERE o.code = ${code}`,
    );
    expect(factura.number).toMatch(/^F-[A-Z0-9]+-\d{6}$/);

    // The order page (public status with the order's link).
    const status = (await api.estado(code, token)).json().data;
    expect(status.document).toMatchObject({ kind: 'factura', number: factura.number });
    expect(status.document.pdf).toMatch(new RegExp(`^/api/orden-compra/documento/${code}/pdf\\?t=[\\w-]{16,}$`));
    // «Mis compras» (the buyer's own detail) gives the same link.
    const mine = await api.call('cliente', 'GET', `/api/profile/buscar-detalles-ordene-compra?code=${code}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.order.document).toEqual(status.document);

    const pdf = await get(status.document.pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${factura.number}.pdf"`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('FACTURA');
    expect(text).toContain(factura.number);

    // The mail of «Pago confirmado» carries the link to the PDF, absolute.
    const [mail] = await rows<{ text: string; html: string }>(
      t,
      sql`SELECT text, html FROM correos WHERE kind = 'orden-pago-confirmado' AND subject LIKE ${`Orden ${code}%`} ORDER BY id DESC LIMIT 1`,
    );
    expect(mail.text).toContain(`Su factura ${factura.number} está emitida`);
    expect(mail.text).toMatch(
      new RegExp(`Descargar la factura ${factura.number} \\(PDF\\): https?://[^\\s]+${status.document.pdf.replace(/[?]/g, '\\?')}`),
    );
    expect(mail.html).toContain(`/api/orden-compra/documento/${code}/pdf?t=`);

    // The order's own link (t of the page) does not open the PDF, nor a wrong one, nor another order's.
    expect((await get(`/api/orden-compra/documento/${code}/pdf?t=${token}`)).statusCode).toBe(404);
    expect((await get(`/api/orden-compra/documento/${code}/pdf?t=errado`)).statusCode).toBe(404);
    expect((await get(`/api/orden-compra/documento/${code}/pdf`)).statusCode).toBe(404);
  });

  it('una orden sin pago confirmado no tiene documento: su enlace firmado responde 404 con un mensaje', async () => {
    const { code, token } = await api.registrarOrden(orderBody(stocked, { buyer: { email: 'otro@correo.com' } }), 'factura-2');
    expect((await api.estado(code, token)).json().data.document).toBeNull();
    const { documentPath } = await import('./orden-compra.avisos.ts');
    const response = await get(documentPath(api.context().secret, code));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('La factura de esta orden se emite cuando su pago está confirmado.');
  });
});
