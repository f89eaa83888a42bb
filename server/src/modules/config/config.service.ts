// Sales settings: the staff e-mailed about web sales and the staff user in charge of them, the IGTF
// of staff sales; and the notice those users get when an order is registered or its payment reported.
import type { IgtfConfig } from '#domain/contracts/config.ts';
import { formatUsd, formatVes, fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { ORDER_STEP_LABELS, type OrderStep } from '#domain/order-steps.ts';
import { DEFAULT_WRITE_OFF_TOLERANCE_CENTS } from '#domain/pago-orden.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { DEFAULT_IGTF, type IgtfSettings } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import type { Serializable } from '#server/http/contract.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { type SaleNotice, staffSaleMail } from '#server/modules/correo/plantillas.ts';
import * as repo from './config.repo.ts';

export type StaffUser = Awaited<ReturnType<typeof repo.findActiveStaff>>[number];

async function assertActiveStaff(db: Db, ids: number[]): Promise<void> {
  const found = await repo.findActiveStaff(db, ids);
  const missing = ids.filter((id) => !found.some((u) => u.id === id));
  if (missing.length > 0) {
    throw new ReglaNegocio(`Estos usuarios no existen, están deshabilitados o no son del personal: ${missing.join(', ')}.`);
  }
}

/** The users e-mailed about web sales, and every staff user who may be chosen. */
export async function usuariosNotificados(db: Db) {
  const [users, options] = await Promise.all([repo.findNotifiedStaff(db), repo.findActiveStaff(db)]);
  return { users, options };
}

export async function fijarUsuariosNotificados(db: Db, userIds: number[]) {
  const ids = [...new Set(userIds)];
  await assertActiveStaff(db, ids);
  await repo.replaceNotifiedUsers(db, ids);
  return usuariosNotificados(db);
}

export async function encargadoDeVentas(db: Db) {
  const [id, options] = await Promise.all([repo.findUserInChargeId(db), repo.findActiveStaff(db)]);
  return { user: options.find((u) => u.id === id) ?? null, options };
}

export async function fijarEncargadoDeVentas(db: Db, admin: SessionUser, userId: number | null) {
  if (userId !== null) await assertActiveStaff(db, [userId]);
  await repo.saveUserInCharge(db, userId, admin.id);
  return encargadoDeVentas(db);
}

/**
 * For a new order without a salesman: the staff user in charge of web sales, if one is set and
 * still staff, as SQL read by the order's own insert.
 */
export const encargadoDeVentasIdSql = repo.userInChargeIdSql;

/** Who an order was assigned to, for the order's detail. */
export async function resumenUsuario(db: Db, userId: number | null) {
  if (userId === null) return null;
  return (await repo.findUserSummary(db, userId)) ?? null;
}

export type SaleOrder = {
  code: string;
  step: string;
  paymentMethod: string;
  total: string;
  rate: string;
  buyer: { fullName: string; email: string; dni: string };
};

export type NoticeContext = { db: Db; mailer: Pick<Mailer, 'send'>; publicUrl: string; log?: (message: string, error: unknown) => void };

/**
 * E-mails the configured staff about a web sale. Called after the order's transaction has
 * committed; a failure is logged and never undoes or fails the order.
 */
export async function notificarVenta(ctx: NoticeContext, event: SaleNotice['event'], order: SaleOrder): Promise<void> {
  try {
    const users = await repo.findNotifiedStaff(ctx.db);
    if (users.length === 0) return;
    const totalCents = toCents(order.total);
    const notice: SaleNotice = {
      event,
      code: order.code,
      buyer: order.buyer.fullName,
      dni: order.buyer.dni,
      email: order.buyer.email,
      totalUsd: formatUsd(totalCents),
      totalVes: formatVes(usdToVesCents(totalCents, order.rate)),
      stepLabel: ORDER_STEP_LABELS[order.step as OrderStep] ?? order.step,
      paymentLabel: PAYMENT_METHODS[order.paymentMethod as PaymentMethodId]?.label ?? order.paymentMethod,
      url: `${ctx.publicUrl}/dashboard/venta/${order.code}`,
    };
    const results = await Promise.allSettled(
      users.map((user) => ctx.mailer.send(ctx.db, { to: user.email, kind: `personal-${event}`, ...staffSaleMail(user.nickname, notice) })),
    );
    for (const result of results) {
      if (result.status === 'rejected') report(ctx, result.reason);
    }
  } catch (error) {
    report(ctx, error);
  }
}

function report(ctx: NoticeContext, error: unknown): void {
  if (ctx.log) ctx.log('no se pudo avisar al personal de la venta', error);
  else console.error('no se pudo avisar al personal de la venta', error);
}

/** Whether staff sales charge the IGTF on foreign-currency payments, and its rate (domain/ventas.ts). */
export async function igtfDeVentas(db: Db): Promise<IgtfSettings> {
  return (await repo.findIgtfSettings(db)) ?? DEFAULT_IGTF;
}

/** The most staff may write off on a short web payment, USD cents (domain/pago-orden.ts). */
export async function toleranciaCastigo(db: Db): Promise<number> {
  const saved = await repo.findWriteOffTolerance(db);
  return saved === undefined ? DEFAULT_WRITE_OFF_TOLERANCE_CENTS : toCents(saved);
}

export async function fijarToleranciaCastigo(db: Db, admin: SessionUser, tolerancia: string) {
  await repo.saveWriteOffTolerance(db, fromCents(toCents(tolerancia)), admin.id);
  return { tolerancia: fromCents(await toleranciaCastigo(db)) };
}

/** The IGTF settings as the settings screen shows them, with who changed the row last and when. */
export async function igtfConfig(db: Db): Promise<Serializable<IgtfConfig>> {
  const row = await repo.findIgtfWithChange(db);
  const { charged, basisPoints } = row ?? DEFAULT_IGTF;
  return {
    cobrar: charged,
    tasa: `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`,
    basisPoints,
    updatedAt: row?.updatedAt ?? null,
    updatedBy:
      row?.updatedBy && row.nickname !== null && row.email !== null
        ? { id: row.updatedBy, nickname: row.nickname, email: row.email }
        : null,
  };
}

export async function fijarIgtf(db: Db, admin: SessionUser, input: { cobrar: boolean; tasa: number }) {
  await repo.saveIgtf(db, { charged: input.cobrar, basisPoints: input.tasa }, admin.id);
  return igtfConfig(db);
}
