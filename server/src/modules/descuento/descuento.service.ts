// Discount use cases: the back office registers, edits, activates and assigns discounts and coupons;
// the cart and the order registration ask what applies today and price with domain/descuentos.ts,
// and the registration counts the coupon's use in its own transaction.
import type { DescuentoDetalle, Descuento as DescuentoJson, DiscountInput } from '#domain/contracts/descuento.ts';
import {
  bestDiscount,
  type CouponCustomer,
  couponProblem,
  customerEmailKey,
  type DiscountKind,
  type DiscountRule,
  discountDay,
  isValidOn,
  type LineDiscount,
  type PricedCart,
  priceCart,
  ruleOf,
} from '#domain/descuentos.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { PaymentMethodId } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { Serializable } from '#server/http/contract.ts';
import * as repo from './descuento.repo.ts';

export { automaticDiscountExistsSql } from './descuento.repo.ts';

type DescuentoOut = Serializable<DescuentoJson>;

function toJson(row: repo.DescuentoConConteo, today: string): DescuentoOut {
  return {
    id: row.id,
    name: row.name,
    aplicacion: row.aplicacion as DescuentoOut['aplicacion'],
    kind: row.kind as DiscountKind,
    value: row.value,
    validFrom: row.validFrom,
    validTo: row.validTo,
    active: row.active,
    vigente: isValidOn(row, today),
    code: row.code,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    onlyEmail: row.onlyEmail,
    onlyUserId: row.onlyUserId,
    paymentMethod: row.paymentMethod as PaymentMethodId | null,
    assigned: { lineas: row.lineas, sublineas: row.sublineas, modelos: row.modelos },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const today = () => discountDay(new Date());

export type ListQuery = { page: number; perPage: number; search?: string; aplicacion?: string; active?: boolean };

export async function listar(db: Db, q: ListQuery) {
  const { rows, total } = await repo.search(db, q, q.perPage, offsetOf(q.page, q.perPage));
  const day = today();
  return { items: rows.map((r) => toJson(r, day)), meta: metaFor(q.page, q.perPage, total) };
}

async function found(db: Db, id: number): Promise<repo.DescuentoConConteo> {
  const row = await repo.findById(db, id);
  if (!row) throw new NoEncontrado('El descuento no existe.');
  return row;
}

export async function detalle(db: Db, id: number): Promise<Serializable<DescuentoDetalle>> {
  const [row, assigned] = await Promise.all([found(db, id), repo.findAssignedTo(db, id)]);
  return { ...toJson(row, today()), ...assigned };
}

/** The columns a form's discount becomes: what does not belong to its kind of application is dropped. */
function columnsOf(input: DiscountInput) {
  const coupon = input.aplicacion === 'cupon';
  return {
    name: input.name,
    aplicacion: input.aplicacion,
    kind: input.kind,
    value: input.value,
    validFrom: input.validFrom,
    validTo: input.validTo,
    active: input.active,
    code: coupon ? input.code : null,
    maxUses: coupon ? input.maxUses : null,
    maxUsesPerCustomer: coupon ? input.maxUsesPerCustomer : null,
    onlyEmail: coupon ? input.onlyEmail : null,
    paymentMethod: input.aplicacion === 'metodo-pago' ? input.paymentMethod : null,
  };
}

const codeTaken = (code: string | null) => new ReglaNegocio(`Ya existe un cupón con el código «${code}». Elija otro código.`);

export async function registrar(db: Db, input: DiscountInput, userId: number): Promise<DescuentoOut> {
  const columns = columnsOf(input);
  if (columns.code && (await repo.findByCode(db, columns.code))) throw codeTaken(columns.code);
  try {
    const id = await repo.insert(db, { ...columns, createdBy: userId, updatedAt: new Date() });
    return toJson(await found(db, id), today());
  } catch (error) {
    if (isUniqueViolation(error, 'descuentos_codigo')) throw codeTaken(columns.code);
    throw error;
  }
}

/** Edits a discount; orders already placed keep what they were priced with. */
export async function actualizar(db: Db, id: number, input: DiscountInput): Promise<DescuentoOut> {
  const columns = columnsOf(input);
  try {
    await db.transaction(async (tx) => {
      const current = await repo.lockById(tx, id);
      if (!current) throw new NoEncontrado('El descuento no existe.');
      if (current.aplicacion !== columns.aplicacion) {
        throw new ReglaNegocio('No se puede cambiar cómo se aplica un descuento (automático, cupón o método de pago); registre uno nuevo.');
      }
      if (columns.maxUses !== null && columns.maxUses < current.uses) {
        throw new ReglaNegocio(`El cupón ya se usó ${current.uses} veces: el límite de usos no puede ser menor.`);
      }
      await repo.update(tx, id, { ...columns, updatedAt: new Date() });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'descuentos_codigo')) throw codeTaken(columns.code);
    throw error;
  }
  return toJson(await found(db, id), today());
}

export async function activar(db: Db, id: number, active: boolean): Promise<DescuentoOut> {
  await found(db, id);
  await repo.update(db, id, { active, updatedAt: new Date() });
  return toJson(await found(db, id), today());
}

/** Replaces what a discount (or a coupon's scope) is assigned to; unknown ids are named, nothing changes. */
export async function asignar(db: Db, id: number, wanted: repo.Assignment): Promise<Serializable<DescuentoDetalle>> {
  const unique: repo.Assignment = {
    lineas: [...new Set(wanted.lineas)],
    sublineas: [...new Set(wanted.sublineas)],
    modelos: [...new Set(wanted.modelos)],
  };
  await db.transaction(async (tx) => {
    const current = await repo.lockById(tx, id);
    if (!current) throw new NoEncontrado('El descuento no existe.');
    if (current.aplicacion === 'metodo-pago') {
      throw new ReglaNegocio('Un descuento por método de pago vale para todo el pedido: no se asigna a líneas ni modelos.');
    }
    const exists = await repo.existing(tx, unique);
    const missing = [
      ...unique.lineas.filter((x) => !exists.lineas.includes(x)).map((x) => `línea ${x}`),
      ...unique.sublineas.filter((x) => !exists.sublineas.includes(x)).map((x) => `sub-línea ${x}`),
      ...unique.modelos.filter((x) => !exists.modelos.includes(x)).map((x) => `modelo ${x}`),
    ];
    if (missing.length > 0) throw new ReglaNegocio(`No existen en el catálogo: ${missing.slice(0, 10).join(', ')}.`);
    await repo.replaceAssignments(tx, id, unique);
    await repo.update(tx, id, { updatedAt: new Date() });
  });
  return detalle(db, id);
}

export async function listadoDescuentos(db: Db) {
  const day = today();
  return (await repo.findAssignable(db)).map((r) => ({
    id: r.id,
    name: r.name,
    aplicacion: r.aplicacion as DescuentoOut['aplicacion'],
    kind: r.kind as DiscountKind,
    value: r.value,
    code: r.code,
    vigente: isValidOn(r, day),
  }));
}

export const listadoLineas = (db: Db, q: { descuentoId?: number; search?: string }) => repo.findLines(db, q);

export async function listadoSublineas(
  db: Db,
  q: { descuentoId?: number; search?: string; lineaId?: number; page: number; perPage: number },
) {
  const { rows, total } = await repo.findSublines(db, q, q.perPage, offsetOf(q.page, q.perPage));
  return { items: rows, meta: metaFor(q.page, q.perPage, total) };
}

export async function listadoModelos(
  db: Db,
  q: { descuentoId?: number; search?: string; sublineaId?: number; onlyAssigned?: boolean; page: number; perPage: number },
) {
  const { rows, total } = await repo.findModels(db, q, q.perPage, offsetOf(q.page, q.perPage));
  return { items: rows, meta: metaFor(q.page, q.perPage, total) };
}

// ── pricing: what applies today ─────────────────────────────────────────────

/**
 * The automatic discount per unit of each catalogue model today (the largest that applies, on its
 * promotion price): what the catalogue's cards and the article page show. One query for a page of
 * models; the same rule the cart applies to a line of one unit.
 */
export async function bestUnitDiscounts(db: Db, models: readonly { model: string; unitCents: number }[], day = today()) {
  const found = new Map<string, number>();
  const rows = await repo.assignedToModels(db, [...new Set(models.map((m) => m.model))], { automaticOn: day });
  if (rows.length === 0) return found;
  for (const { model, unitCents } of models) {
    const candidates = rows
      .filter((r) => r.model === model)
      .map((r) => ({ id: r.id, name: r.name, rule: ruleOf(r.kind as DiscountKind, r.value) }));
    const best = bestDiscount(candidates, unitCents, 1);
    if (best) found.set(model, best.cents);
  }
  return found;
}

export type PaymentDiscount = { id: number; name: string; value: string; rule: DiscountRule };

/** The discount each payment method carries today: the largest percentage, if several. */
export async function paymentDiscounts(db: Db, day = today()): Promise<Map<PaymentMethodId, PaymentDiscount>> {
  const rows = await repo.findPaymentDiscounts(db, day);
  const best = new Map<PaymentMethodId, PaymentDiscount>();
  for (const row of rows) {
    const method = row.paymentMethod as PaymentMethodId;
    const candidate = { id: row.id, name: row.name, value: row.value, rule: ruleOf(row.kind as DiscountKind, row.value) };
    const current = best.get(method);
    const better =
      !current ||
      candidate.rule.valueCents > current.rule.valueCents ||
      (candidate.rule.valueCents === current.rule.valueCents && candidate.id < current.id);
    if (better) best.set(method, candidate);
  }
  return best;
}

export type PricingCoupon = {
  id: number;
  code: string;
  name: string;
  kind: DiscountKind;
  value: string;
  rule: DiscountRule;
  maxUsesPerCustomer: number | null;
  /** The models it reaches; null: every line. */
  scope: Set<string> | null;
  /** Why it cannot be used now (null: it can). */
  problem: string | null;
};

/** Everything that prices a set of models today: their automatic discounts, the coupon, the payment discounts. */
export type PricingContext = {
  lineDiscounts: Map<string, LineDiscount[]>;
  coupon: PricingCoupon | null;
  /** The code typed when no coupon has it. */
  unknownCoupon: { code: string; problem: string } | null;
  payments: Map<PaymentMethodId, PaymentDiscount>;
};

export type Customer = { email: string | null; userId: number | null };

export async function pricingContext(
  db: Db,
  q: { models: string[]; couponCode: string | null; customer: Customer; day?: string },
): Promise<PricingContext> {
  const day = q.day ?? today();
  const models = [...new Set(q.models)];
  const [assigned, payments, couponRow] = await Promise.all([
    repo.assignedToModels(db, models, { automaticOn: day }),
    paymentDiscounts(db, day),
    q.couponCode ? repo.findByCode(db, q.couponCode) : Promise.resolve(undefined),
  ]);
  const lineDiscounts = new Map<string, LineDiscount[]>();
  for (const row of assigned) {
    const list = lineDiscounts.get(row.model) ?? [];
    // A discount reaching a model twice (its line and its sub-line) counts once.
    if (!list.some((d) => d.id === row.id)) list.push({ id: row.id, name: row.name, rule: ruleOf(row.kind as DiscountKind, row.value) });
    lineDiscounts.set(row.model, list);
  }
  if (!q.couponCode) return { lineDiscounts, coupon: null, unknownCoupon: null, payments };
  if (!couponRow) {
    return {
      lineDiscounts,
      coupon: null,
      unknownCoupon: { code: q.couponCode, problem: couponProblem(null, q.couponCode, day) ?? '' },
      payments,
    };
  }
  const [scopeRows, hasScope, usesByCustomer] = await Promise.all([
    repo.assignedToModels(db, models, { ids: [couponRow.id] }),
    repo.hasAssignments(db, couponRow.id),
    customerUses(db, couponRow, q.customer),
  ]);
  const customer: CouponCustomer = { email: q.customer.email, userId: q.customer.userId, usesByCustomer };
  return {
    lineDiscounts,
    coupon: {
      id: couponRow.id,
      code: couponRow.code ?? q.couponCode,
      name: couponRow.name,
      kind: couponRow.kind as DiscountKind,
      value: couponRow.value,
      rule: ruleOf(couponRow.kind as DiscountKind, couponRow.value),
      maxUsesPerCustomer: couponRow.maxUsesPerCustomer,
      scope: hasScope ? new Set(scopeRows.map((r) => r.model)) : null,
      problem: couponProblem({ ...couponRow, code: couponRow.code ?? q.couponCode }, q.couponCode, day, customer),
    },
    unknownCoupon: null,
    payments,
  };
}

async function customerUses(db: Db, coupon: repo.DescuentoRow, customer: Customer): Promise<number | undefined> {
  if (coupon.maxUsesPerCustomer === null || (!customer.email && customer.userId === null)) return undefined;
  return repo.countCustomerUses(db, coupon.id, customer.email ? customerEmailKey(customer.email) : '', customer.userId);
}

/** A line to price: its model (what discounts are assigned to), price, promotion and units. */
export type PriceableItem = { model: string; priceCents: number; promotionCents: number; quantity: number };

/** Whether the coupon can be used and reaches at least one line; if not, the shopper's reason. */
export function couponOutcome(ctx: PricingContext, items: readonly PriceableItem[]): { applies: boolean; message: string | null } {
  if (ctx.unknownCoupon) return { applies: false, message: ctx.unknownCoupon.problem };
  const { coupon } = ctx;
  if (!coupon) return { applies: false, message: null };
  if (coupon.problem) return { applies: false, message: coupon.problem };
  const reaches = items.some((i) => coupon.scope === null || coupon.scope.has(i.model));
  if (!reaches) return { applies: false, message: `El cupón «${coupon.code}» no aplica a ninguno de los artículos de su carrito.` };
  return { applies: true, message: null };
}

/**
 * The cart's or the order's prices with what applies today: the same function for both, so the
 * order charges what the cart showed. `method`: the payment method chosen (its discount), if any.
 */
export function priceItems(ctx: PricingContext, items: readonly PriceableItem[], method: PaymentMethodId | null): PricedCart {
  const coupon = couponOutcome(ctx, items).applies ? ctx.coupon : null;
  return priceCart({
    lines: items.map((item) => ({
      priceCents: item.priceCents,
      promotionCents: item.promotionCents,
      quantity: item.quantity,
      discounts: ctx.lineDiscounts.get(item.model) ?? [],
      inCouponScope: coupon !== null && (coupon.scope === null || coupon.scope.has(item.model)),
    })),
    coupon: coupon?.rule ?? null,
    payment: method ? (ctx.payments.get(method)?.rule ?? null) : null,
  });
}

/**
 * Counts the coupon's use by an order, inside the order's transaction: one use of the total, and
 * within the per-customer limit (by e-mail or account). Refused (and the order with it) when
 * another order took the last use first.
 */
export async function countCouponUse(
  tx: Db,
  coupon: PricingCoupon,
  use: { orderId: number; email: string; userId: number | null },
): Promise<void> {
  if (!(await repo.takeCouponUse(tx, coupon.id))) {
    throw new ReglaNegocio(`El cupón «${coupon.code}» ya alcanzó su límite de usos. Quítelo para continuar con su compra.`);
  }
  const email = customerEmailKey(use.email);
  if (coupon.maxUsesPerCustomer !== null) {
    // Read after the coupon's row lock: every earlier use of this coupon has committed or rolled back.
    const used = await repo.countCustomerUses(tx, coupon.id, email, use.userId);
    if (used >= coupon.maxUsesPerCustomer) {
      const times = coupon.maxUsesPerCustomer === 1 ? 'una vez' : `${coupon.maxUsesPerCustomer} veces`;
      throw new ReglaNegocio(
        `El cupón «${coupon.code}» se puede usar ${times} por cliente y ya lo usó. Quítelo para continuar con su compra.`,
      );
    }
  }
  await repo.insertUse(tx, { orderId: use.orderId, descuentoId: coupon.id, email, userId: use.userId });
}

/** An annulled order gives its coupon use back (so an unpaid order cannot use up a coupon). */
export const releaseCouponUse = repo.releaseUse;

/** A coupon the store issues to one customer (a birthday coupon). */
export type CuponPersonal = {
  name: string;
  code: string;
  kind: DiscountKind;
  value: string;
  validFrom: string;
  validTo: string;
  /** The account and e-mail it belongs to: no one else may use it. */
  userId: number;
  email: string;
  /** Líneas it reaches (none: the whole cart). */
  lineas: number[];
};

/**
 * Issues a personal coupon inside the caller's transaction: one use in all, by that customer only.
 * Returns its id, or null when its code is taken (the caller draws another).
 */
export async function registrarCuponPersonal(tx: Db, cupon: CuponPersonal): Promise<number | null> {
  if (await repo.findByCode(tx, cupon.code)) return null;
  const id = await repo.insert(tx, {
    name: cupon.name,
    aplicacion: 'cupon',
    kind: cupon.kind,
    value: cupon.value,
    validFrom: cupon.validFrom,
    validTo: cupon.validTo,
    active: true,
    code: cupon.code,
    maxUses: 1,
    maxUsesPerCustomer: 1,
    onlyEmail: cupon.email,
    onlyUserId: cupon.userId,
    paymentMethod: null,
    createdBy: null,
    updatedAt: new Date(),
  });
  await repo.replaceAssignments(tx, id, { lineas: cupon.lineas, sublineas: [], modelos: [] });
  return id;
}
