// Birthday coupons: once a day, each customer with a child whose birthday falls in the coming week
// (Caracas time) gets by e-mail a personal coupon per child (domain/cupon-cumpleanos.ts says what
// the coupon is). One coupon per child and year, also with several processes or runs at once: the
// row of cupones_cumpleanos is taken in the transaction that creates the coupon and queues the mail.
import { randomInt } from 'node:crypto';
import { linePath } from '#domain/catalogo-urls.ts';
import {
  type AjustesCuponCumpleanos,
  ALFABETO_DEL_CODIGO,
  CUPON_CUMPLEANOS,
  type Cumpleanos,
  codigoDeCupon,
  cumpleanosConCupon,
  diasDelPeriodo,
  LARGO_ALEATORIO_DEL_CODIGO,
  vigenciaDelCupon,
} from '#domain/cupon-cumpleanos.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import { describeRule } from '#domain/descuentos.ts';
import { transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { getLine } from '#server/modules/catalogo/catalogo.service.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { type BirthdayCoupon, birthdayCouponMail, firstName } from '#server/modules/correo/plantillas.ts';
import { registrarCuponPersonal } from '#server/modules/descuento/descuento.service.ts';
import * as repo from './profile.cumpleanos.repo.ts';

/** What the job runs with (the order context of the jobs has it all). */
export type CumpleanosContext = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: (message: string, error: unknown) => void;
};

export type CumpleanosResult = { issued: number; failed: number };

type Child = Awaited<ReturnType<typeof repo.findChildrenWithBirthdayOn>>[number] & { cumple: Cumpleanos };
type Line = { id: number; code: string; name: string };

/** Mails of this kind to one address per hour are capped by the mailer; a customer gets one a day. */
export const BIRTHDAY_MAIL_KIND = 'cupon-cumpleanos';

/**
 * Issues the day's birthday coupons and mails them, one mail per customer. A customer whose
 * coupons fail is logged and counted, and the others still get theirs; the next day's run tries
 * again while the birthday is within its week.
 */
export async function emitirCuponesDeCumpleanos(
  ctx: CumpleanosContext,
  now = new Date(),
  ajustes: AjustesCuponCumpleanos = CUPON_CUMPLEANOS,
): Promise<CumpleanosResult> {
  const today = caracasIsoDate(now);
  const candidates = await repo.findChildrenWithBirthdayOn(ctx.db, diasDelPeriodo(today, ajustes), today);
  const due: Child[] = [];
  for (const child of candidates) {
    const cumple = cumpleanosConCupon({ birthday: child.birthday, enElPerfilDesde: caracasIsoDate(child.createdAt) }, today, ajustes);
    if (cumple) due.push({ ...child, cumple });
  }
  if (due.length === 0) return { issued: 0, failed: 0 };
  // Missing or inactive, it throws: no coupon that reaches nothing, and the error is logged.
  const line = await getLine(ctx.db, ajustes.lineaCode);
  const byCustomer = new Map<number, Child[]>();
  for (const child of due) byCustomer.set(child.userId, [...(byCustomer.get(child.userId) ?? []), child]);
  const result: CumpleanosResult = { issued: 0, failed: 0 };
  for (const children of byCustomer.values()) {
    try {
      result.issued += await issueFor(ctx, children, line, today, ajustes);
    } catch (error) {
      result.failed++;
      ctx.log?.(`cupones de cumpleaños: no se pudieron emitir los de ${children[0].email}`, error);
    }
  }
  return result;
}

/** The coupons of one customer's children, and their mail, in one transaction. */
async function issueFor(ctx: CumpleanosContext, children: Child[], line: Line, today: string, ajustes: AjustesCuponCumpleanos) {
  const { email, nickname, userId } = children[0];
  const { validFrom, validTo } = vigenciaDelCupon(today, ajustes);
  return transactionWithEffects(ctx.db, ctx.log, async (tx, afterCommit) => {
    const coupons: BirthdayCoupon[] = [];
    for (const child of children) {
      if (!(await repo.takeBirthday(tx, child.id, child.cumple.anio))) continue;
      const name = firstName(child.name);
      const coupon = {
        name: `Cumpleaños de ${name || 'un niño'}, ${child.cumple.anio}`,
        kind: 'porcentaje' as const,
        value: ajustes.porcentaje,
        validFrom,
        validTo,
        userId,
        email,
        lineas: [line.id],
      };
      const { id, code } = await withFreeCode((code) => registrarCuponPersonal(tx, { ...coupon, code }), ajustes);
      await repo.setCoupon(tx, child.id, child.cumple.anio, id);
      coupons.push({
        childName: child.name,
        age: child.cumple.edad,
        birthday: formatDate(child.cumple.dia),
        code,
        percent: describeRule('porcentaje', ajustes.porcentaje),
        appliesTo: `la línea ${line.name}`,
        validTo: formatDate(validTo),
      });
    }
    if (coupons.length > 0) {
      const mail = birthdayCouponMail(nickname, coupons, ctx.publicUrl + linePath(line.code), `Ver la línea ${line.name}`);
      const deliver = await ctx.mailer.queue(tx, { to: email, kind: BIRTHDAY_MAIL_KIND, ...mail });
      afterCommit(`correo de cupones de cumpleaños a ${email}`, () => deliver(ctx.db), { background: true });
    }
    return coupons.length;
  });
}

/** Draws codes until one is free (with 31⁸ codes, a second draw is already unlikely). */
async function withFreeCode(register: (code: string) => Promise<number | null>, ajustes: AjustesCuponCumpleanos) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = codigoDeCupon(
      Array.from({ length: LARGO_ALEATORIO_DEL_CODIGO }, () => randomInt(ALFABETO_DEL_CODIGO.length)),
      ajustes,
    );
    const id = await register(code);
    if (id !== null) return { id, code };
  }
  throw new Error('cupones de cumpleaños: no se encontró un código libre');
}
