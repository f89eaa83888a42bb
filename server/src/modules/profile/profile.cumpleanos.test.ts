import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUPON_CUMPLEANOS, sumarDias } from '#domain/cupon-cumpleanos.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { NoEncontrado } from '#server/errors.ts';
import { dailyJobsDay, runDailyJobs } from '#server/jobs/jobs.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, DELIVERY } from '#test/ordenes.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { emitirCuponesDeCumpleanos } from './profile.cumpleanos.service.ts';

let t: TestApp;
let api: OrdenesDriver;
const NOW = new Date();
const TODAY = caracasIsoDate(NOW);

const log = { info: () => {}, error: () => {} } as unknown as Parameters<typeof runDailyJobs>[1];
const run = (now = NOW) => runDailyJobs(api.context(), log, now);

/** A birthday `days` from today, of a child born in `year` (a leap year, so 29 February exists). */
const bornOn = (year: number, days: number) => `${year}-${sumarDias(TODAY, days).slice(5)}`;

async function addChild(token: string, child: { name: string; birthday: string; gender?: string; relationship?: string }) {
  const response = await t.app.inject(
    asBearer(token, {
      method: 'POST',
      url: '/api/profile/agregar-hijo',
      remoteAddress: nextIp(),
      payload: { gender: 'femenino', relationship: 'hijo', ...child },
    }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
}

/** The children already on the profile of `email` as if added two months ago. */
async function addedLongAgo(email: string) {
  await t.database.db.execute(
    sql`UPDATE hijos SET created_at = created_at - interval '60 days' WHERE user_id = (SELECT id FROM usuarios WHERE email = ${email})`,
  );
}

type CouponRow = {
  hijo: string;
  code: string;
  value: string;
  valid_from: string;
  valid_to: string;
  max_uses: number;
  only_email: string;
  only_user_id: number;
  lineas: string;
};

async function couponsOf(email: string): Promise<CouponRow[]> {
  return rows<CouponRow>(
    t,
    sql`SELECT h.name AS hijo, d.code, d.value::text AS value, d.valid_from::text AS valid_from, d.valid_to::text AS valid_to,
               d.max_uses, d.only_email, d.only_user_id,
               (SELECT string_agg(l.code, ',') FROM descuento_asignaciones a JOIN lineas l ON l.id = a.linea_id WHERE a.descuento_id = d.id) AS lineas
          FROM cupones_cumpleanos c JOIN hijos h ON h.id = c.hijo_id JOIN descuentos d ON d.id = c.descuento_id
         WHERE h.user_id = (SELECT id FROM usuarios WHERE email = ${email})
         ORDER BY h.id`,
  );
}

async function mailsTo(email: string) {
  return rows<{ subject: string; text: string }>(
    t,
    sql`SELECT subject, text FROM correos WHERE "to" = ${email} AND kind = 'cupon-cumpleanos' ORDER BY id`,
  );
}

const CLIENTE = demoEmail('cliente');
let clienteToken = '';

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  clienteToken = (await loginAs(t.app, CLIENTE)).token;
});

afterAll(async () => {
  await t?.close();
});

describe('cupones de cumpleaños', () => {
  it('la tarea diaria corre una vez por día en cada proceso, desde las 8:00 de Caracas', () => {
    const at = (iso: string) => new Date(iso);
    expect(dailyJobsDay(null, at('2026-11-23T11:59:00Z'))).toBeNull(); // 07:59 in Caracas
    expect(dailyJobsDay(null, at('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    expect(dailyJobsDay('2026-11-23', at('2026-11-24T03:59:00Z'))).toBeNull(); // 23:59, same day
    expect(dailyJobsDay('2026-11-23', at('2026-11-24T04:30:00Z'))).toBeNull(); // 00:30, before the hour
    expect(dailyJobsDay('2026-11-23', at('2026-11-24T12:00:00Z'))).toBe('2026-11-24');
  });

  it('cada niño que cumple años en la semana que viene recibe un cupón por correo, una sola vez, y ninguno pasado el límite de edad', async () => {
    await addChild(clienteToken, { name: 'Ana Sofía', birthday: bornOn(2020, 2) });
    await addChild(clienteToken, { name: 'Luis', birthday: bornOn(2016, 0), gender: 'masculino' });
    await addChild(clienteToken, { name: 'Pedro', birthday: bornOn(2020, 7), gender: 'masculino' }); // the week after
    await addChild(clienteToken, { name: 'Carla', birthday: bornOn(2020, -1) }); // yesterday
    await addChild(clienteToken, { name: 'Andrés', birthday: bornOn(2008, 3), relationship: 'hermano', gender: 'masculino' }); // past 14
    await addedLongAgo(CLIENTE);
    // Added today, for a birthday this week: none this year.
    await addChild(clienteToken, { name: 'Recién', birthday: bornOn(2020, 1) });

    // Without the línea of the settings, nothing is issued (and nothing is taken for later).
    await expect(emitirCuponesDeCumpleanos(api.context(), NOW, { ...CUPON_CUMPLEANOS, lineaCode: 'NOEXISTE' })).rejects.toThrow(
      NoEncontrado,
    );
    expect(await couponsOf(CLIENTE)).toEqual([]);

    expect(await run()).toEqual({ birthdayCoupons: 2, failed: 0 });

    const coupons = await couponsOf(CLIENTE);
    expect(coupons.map((c) => c.hijo)).toEqual(['Ana Sofía', 'Luis']);
    const [{ id: clienteId }] = await rows<{ id: number }>(t, sql`SELECT id FROM usuarios WHERE email = ${CLIENTE}`);
    const validTo = sumarDias(TODAY, CUPON_CUMPLEANOS.diasDeVigencia - 1);
    for (const coupon of coupons) {
      expect(coupon).toMatchObject({
        value: '15.00',
        valid_from: TODAY,
        valid_to: validTo,
        max_uses: 1,
        only_email: CLIENTE,
        only_user_id: clienteId,
        lineas: 'NIN',
      });
      expect(coupon.code).toMatch(/^CUMPLE-[A-Z2-9]{8}$/);
    }
    expect(coupons[0].code).not.toBe(coupons[1].code);

    // One mail for both, in the outbox: each child's first name, code, percentage, where and until when.
    const mails = await mailsTo(CLIENTE);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Regalos para los cumpleaños de Ana y Luis');
    const text = mails[0].text;
    expect(text).toContain(`Ana cumple ${Number(sumarDias(TODAY, 2).slice(0, 4)) - 2020} años el ${formatDate(sumarDias(TODAY, 2))}`);
    expect(text).toContain(`Su cupón ${coupons[0].code} le da 15 % de descuento en la línea Niños, hasta el ${formatDate(validTo)}.`);
    expect(text).toContain(`Su cupón ${coupons[1].code} le da 15 % de descuento en la línea Niños, hasta el ${formatDate(validTo)}.`);
    expect(text).toMatch(/\/linea\/NIN\/sub-lineas/);
    expect(text).not.toMatch(/Pedro|Carla|Andrés|Recién/);

    // The same day again: nothing new.
    expect(await run()).toEqual({ birthdayCoupons: 0, failed: 0 });
    expect(await couponsOf(CLIENTE)).toHaveLength(2);
    expect(await mailsTo(CLIENTE)).toHaveLength(1);
    // The next day, only Pedro, whose birthday has just entered the coming week.
    const tomorrow = new Date(NOW.getTime() + 24 * 3_600_000);
    expect(await run(tomorrow)).toEqual({ birthdayCoupons: 1, failed: 0 });
    expect((await couponsOf(CLIENTE)).map((c) => c.hijo)).toEqual(['Ana Sofía', 'Luis', 'Pedro']);
    expect((await mailsTo(CLIENTE)).map((m) => m.subject)).toEqual([
      'Regalos para los cumpleaños de Ana y Luis',
      'Un regalo para el cumpleaños de Pedro',
    ]);
    expect(await run(tomorrow)).toEqual({ birthdayCoupons: 0, failed: 0 });
    expect((await mailsTo(CLIENTE))[1].text).toContain('Es personal (vale con su cuenta o con este correo) y sirve para una compra.');
  });

  it('dos corridas a la vez (dos procesos) emiten un solo cupón por niño', async () => {
    const emails = ['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho'].map(demoEmail);
    for (const [i, email] of emails.entries()) {
      const { token } = await loginAs(t.app, email);
      await addChild(token, { name: `Hija${'ABCDE'[i]}`, birthday: bornOn(2018, i) });
      await addChild(token, { name: `Hijo${'ABCDE'[i]}`, birthday: bornOn(2019, 6 - i), gender: 'masculino' });
      await addedLongAgo(email);
    }
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((n, r) => n + r.birthdayCoupons, 0)).toBe(10);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    for (const email of emails) {
      expect(await couponsOf(email)).toHaveLength(2);
      expect(await mailsTo(email)).toHaveLength(1);
    }
    const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM descuentos WHERE code LIKE 'CUMPLE-%'`);
    expect(n).toBe(13);
  });

  it('el cupón sirve al pagar solo a ese cliente, una vez y solo en los artículos de Niños', async () => {
    const [ana] = await couponsOf(CLIENTE);
    const [nino, adulto] = await Promise.all([stocked('NIN'), stocked('DAM')]);
    const body = (email: string, coupon: string) => ({
      user: { ...BUYER, email },
      delivery: DELIVERY,
      items: [nino, adulto].map((article) => ({ articleCode: article.code, stores: [{ tiendaId: article.storeId, quantity: 1 }] })),
      payment: { method: 'pago-pendiente' },
      coupon,
    });

    // Someone else: another account, or a guest with another e-mail.
    const other = await api.registrar(body(demoEmail('despacho'), ana.code), 'cumple-otro-1', { token: await tokenOf('despacho') });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('es personal');
    const guest = await api.registrar(body('alguien@correo.com', ana.code), 'cumple-invitado-1');
    expect(guest.statusCode).toBe(400);
    expect(guest.json().message).toContain('es personal');

    // The customer: 15 % off the Niños line only.
    const { code } = await api.registrarOrden(body(CLIENTE, ana.code), 'cumple-cliente-1', { token: clienteToken });
    const detail = await t.app.inject(
      asBearer(clienteToken, { url: `/api/profile/buscar-detalles-ordene-compra?code=${code}`, remoteAddress: nextIp() }),
    );
    const { order, details } = detail.json().data as {
      order: { couponCode: string; couponDiscount: string };
      details: { articleCode: string; price: string; promotion: string; discount: string; couponDiscount: string }[];
    };
    expect(order.couponCode).toBe(ana.code);
    const kidLine = details.find((d) => d.articleCode === nino.code);
    const adultLine = details.find((d) => d.articleCode === adulto.code);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const base = cents(kidLine?.price ?? '0') - cents(kidLine?.promotion ?? '0') - cents(kidLine?.discount ?? '0');
    expect(cents(kidLine?.couponDiscount ?? '')).toBe(Math.round((base * 15) / 100));
    expect(cents(kidLine?.couponDiscount ?? '')).toBeGreaterThan(0);
    expect(adultLine?.couponDiscount).toBe('0.00');
    expect(order.couponDiscount).toBe(kidLine?.couponDiscount);

    // Once only.
    const again = await api.registrar(body(CLIENTE, ana.code), 'cumple-cliente-2', { token: clienteToken });
    expect(again.statusCode).toBe(400);
  });
});

const tokens = new Map<string, string>();
async function tokenOf(role: string): Promise<string> {
  if (!tokens.has(role)) tokens.set(role, (await loginAs(t.app, demoEmail(role))).token);
  return tokens.get(role) ?? '';
}

/** An active article of the línea with 5 free units in the first store. */
async function stocked(lineCode: string): Promise<{ code: string; storeId: number }> {
  const [row] = await rows<{ code: string }>(
    t,
    sql`SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code JOIN sublineas s ON s.id = m.sublinea_id
          JOIN lineas l ON l.id = s.linea_id
         WHERE l.code = ${lineCode} AND m.active ORDER BY a.code LIMIT 1`,
  );
  const [store] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas ORDER BY id LIMIT 1`);
  await t.database.db.execute(sql`UPDATE inventario SET quantity = 0, held = 0 WHERE article_code = ${row.code}`);
  await t.database.db.execute(sql`INSERT INTO inventario (article_code, tienda_id, quantity) VALUES (${row.code}, ${store.id}, 5)
    ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = 5, held = 0`);
  return { code: row.code, storeId: store.id };
}
