// Staff selling: a counter or wholesale sale (price the lines → settle the payments → check the
// customer's credit → number the document → claim the payment references → take the stock, all in
// one transaction), the customers' credit settings and the credit authorization.
import { createHash } from 'node:crypto';
import type { ClienteCredito, DocumentoVenta, RegistrarVenta } from '#domain/contracts/ventas-venta.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { fromCents, toCents, vesToUsdCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { type CounterPayment, dueDateOf, type Settlement, settleSale } from '#domain/venta-mostrador.ts';
import { creditRefusal, normalizeDni, SALE_PAYMENT_METHODS, totalsInVes } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import type { Serializable } from '#server/http/contract.ts';
import { igtfDeVentas } from '#server/modules/config/config.service.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import { documentoFiscalDe, type EmisionFiscal } from '#server/modules/imprenta/imprenta.service.ts';
import { sellStock } from '#server/modules/inventario/inventario.service.ts';
import { preciosDeVenta } from './ventas.articulos.service.ts';
import { type DocumentRow, findOrCreateCliente, insertDocument, type NewDocument } from './ventas.documentos.repo.ts';
import { solicitarNumeroDeControl } from './ventas.fiscal.ts';
import { ventaEscrita } from './ventas.reacciones.ts';
import { reservarReferencias } from './ventas.referencias.repo.ts';
import * as repo from './ventas.venta.repo.ts';

const DUPLICATE_KEY = 'Esa clave de idempotencia ya se usó para otra venta.';
const AUTHORIZATION_HOURS = 24;

const today = (now = new Date()) => caracasIsoDate(now);

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function referenceLabel(p: { method: string; reference: string; bankCode: string }): string {
  const method = SALE_PAYMENT_METHODS[p.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? p.method;
  return `${p.reference} (${method}${p.bankCode ? `, banco ${p.bankCode}` : ''})`;
}

/** The document as the API answers it: totals in USD and at its rate in Bs., lines and payments. */
export async function documentoView(db: Db, venta: DocumentRow): Promise<Serializable<DocumentoVenta>> {
  const [parts, fiscal] = await Promise.all([repo.findDocumentParts(db, venta), documentoFiscalDe(db, venta.id)]);
  const control = fiscal?.estado === 'emitido' ? fiscal.numeroControl : fiscal ? null : venta.controlNumber;
  const totals = {
    subtotalCents: toCents(venta.subtotal),
    descuentoCents: toCents(venta.descuento),
    devolucionesCents: toCents(venta.devoluciones),
    baseImponibleCents: toCents(venta.baseImponible),
    ivaCents: toCents(venta.iva),
    igtfCents: toCents(venta.igtf),
    comisionCents: toCents(venta.comision),
    envioCents: toCents(venta.envio),
    totalCents: toCents(venta.total),
  };
  const ves = totalsInVes(totals, venta.rate);
  const changeCents = parts.payments.reduce(
    (sum, p) => sum + (p.currency === 'USD' ? toCents(p.change) : vesToUsdCents(toCents(p.change), venta.rate)),
    0,
  );
  return {
    id: venta.id,
    number: venta.number,
    controlNumber: control,
    controlStatus: fiscal?.estado === 'emitido' ? 'imprenta' : fiscal || control === null ? 'por-emitir' : 'interno',
    kind: venta.kind as DocumentoVenta['kind'],
    condition: venta.condition as DocumentoVenta['condition'],
    source: venta.source as DocumentoVenta['source'],
    orderCode: parts.orderCode,
    cliente: parts.cliente,
    vendedor: parts.vendedor,
    tienda: parts.tienda,
    rate: venta.rate,
    subtotal: venta.subtotal,
    descuento: venta.descuento,
    devoluciones: venta.devoluciones,
    baseImponible: venta.baseImponible,
    iva: venta.iva,
    igtf: venta.igtf,
    comision: venta.comision,
    envio: venta.envio,
    total: venta.total,
    ves: {
      subtotal: fromCents(ves.subtotalCents),
      descuento: fromCents(ves.descuentoCents),
      devoluciones: fromCents(ves.devolucionesCents),
      baseImponible: fromCents(ves.baseImponibleCents),
      iva: fromCents(ves.ivaCents),
      igtf: fromCents(ves.igtfCents),
      comision: fromCents(ves.comisionCents),
      envio: fromCents(ves.envioCents),
      total: fromCents(ves.totalCents),
    },
    balancePaid: venta.balancePaid,
    outstandingBalance: venta.outstandingBalance,
    paymentStatus: venta.paymentStatus,
    change: fromCents(changeCents),
    dueDate: venta.dueDate,
    authorizedBy: venta.authorizedBy,
    authorizedAt: venta.authorizedAt,
    createdAt: venta.createdAt,
    lines: parts.lines,
    payments: parts.payments,
  };
}

/** Merges repeated articles into one line each, in the order they first appear. */
function mergedLines(lines: RegistrarVenta['lines']) {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.articleCode, (merged.get(l.articleCode) ?? 0) + l.quantity);
  return [...merged].map(([articleCode, quantity]) => ({ articleCode, quantity }));
}

export async function salesmanOf(db: Db, input: RegistrarVenta, user: SessionUser): Promise<number | null> {
  if (input.vendedorId === undefined) return repo.findOwnVendedorId(db, user.id);
  if (input.vendedorId === null) return null;
  const vendedor = await repo.findVendedor(db, input.vendedorId);
  if (!vendedor?.active) throw new ReglaNegocio('El vendedor elegido no existe o no está activo.');
  return vendedor.id;
}

/**
 * Registers a counter or wholesale sale once per idempotency key: the same key and body return the
 * first document (200); the same key with another body is refused. Prices, discounts, rate and IGTF
 * are the server's; contado must be paid in full (cash over it is change), crédito must fit the
 * customer's credit or an authorization. Nothing is written unless the stock is there.
 */
export async function registrarVenta(
  db: Db,
  input: RegistrarVenta,
  idempotencyKey: string,
  user: SessionUser,
  fiscal: EmisionFiscal | null = null,
): Promise<{ created: boolean; documento: Serializable<DocumentoVenta> }> {
  const requestHash = hashRequest(input);
  const replay = async (existing: DocumentRow) => {
    if (existing.requestHash !== requestHash) throw new ReglaNegocio(DUPLICATE_KEY);
    return { created: false, documento: await documentoView(db, existing) };
  };
  const earlier = await repo.findByIdempotencyKey(db, idempotencyKey);
  if (earlier) return replay(earlier);

  const dni = normalizeDni(input.cliente.dni);
  const [store, known, vendedorId, rate, igtf, lines] = await Promise.all([
    repo.findStore(db, input.tiendaId),
    repo.findClienteByDni(db, dni),
    salesmanOf(db, input, user),
    tasaDelDia(db),
    igtfDeVentas(db),
    preciosDeVenta(db, mergedLines(input.lines)),
  ]);
  if (!store?.active) throw new ReglaNegocio('La tienda elegida no existe o no está activa.');
  const name = input.cliente.name?.trim() || known?.name;
  if (!name) throw new ReglaNegocio(`El cliente ${dni} no está registrado: escriba su nombre para registrarlo con la venta.`);

  const payments: CounterPayment[] = input.payments.map((p) => ({ method: p.method, amountCents: toCents(p.amount) }));
  const outcome = settleSale(lines, payments, { rate: rate.amount, igtf, condition: input.condition });
  if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
  const { settlement } = outcome;
  const claims = input.payments
    .map((p) => ({
      method: p.method,
      reference: p.reference ?? '',
      bankCode: SALE_PAYMENT_METHODS[p.method].bank ? (p.bankCode ?? '') : '',
    }))
    .filter((p) => p.reference !== '');
  const clienteInput = {
    dni,
    name,
    email: input.cliente.email,
    phone: input.cliente.phone,
    state: input.cliente.state,
    city: input.cliente.city,
    address: input.cliente.address,
  };
  // A new customer is registered even if the sale is then refused (its credit, its stock): the
  // seller can send the sale to authorisation or sell it again without typing the customer anew.
  if (!known) await findOrCreateCliente(db, clienteInput);
  const now = new Date();
  try {
    const saved = await db.transaction(async (tx): Promise<{ venta: DocumentRow; repeated: boolean }> => {
      await repo.lockIdempotencyKey(tx, idempotencyKey);
      const first = await repo.findByIdempotencyKey(tx, idempotencyKey);
      if (first) return { venta: first, repeated: true };
      // The upsert locks the customer's row until the commit: two credit sales of one customer
      // take turns, so the second sees the first's nota when it checks the limit.
      const cliente = await findOrCreateCliente(tx, clienteInput);
      let authorization: { id: number; authorizedBy: number | null } | undefined;
      let dueDate: string | null = null;
      if (input.condition === 'credito') {
        const status = await repo.creditStatus(tx, cliente.id, today(now));
        const refusal = creditRefusal({
          limitCents: toCents(cliente.creditLimit),
          owedCents: toCents(status.owed),
          hasOverdue: status.overdue,
          newSaleCents: settlement.owedCents,
        });
        if (refusal) {
          authorization = await repo.findUsableAuthorization(tx, cliente.id, fromCents(settlement.totals.totalCents), now);
          if (!authorization) throw new ReglaNegocio(refusal);
        }
        dueDate = dueDateOf(today(now), cliente.creditDays);
      }
      const venta = await escribirVenta(tx, {
        condition: input.condition,
        clienteId: cliente.id,
        vendedorId,
        store,
        userId: user.id,
        actor: user,
        rate: rate.amount,
        igtf,
        lines,
        settlement,
        payments: input.payments,
        claims,
        dueDate,
        authorizedBy: authorization ? (authorization.authorizedBy ?? user.id) : null,
        note: input.note,
        prospectoId: input.prospectoId,
        idempotencyKey,
        requestHash,
        now,
        fiscal,
        beforeStock: async (v) => {
          if (authorization && !(await repo.consumeAuthorization(tx, authorization.id, v.id))) {
            throw new ReglaNegocio('La autorización de crédito ya se usó en otra venta; pida una nueva.');
          }
        },
      });
      return { venta, repeated: false };
    });
    if (saved.repeated) return replay(saved.venta);
    return { created: true, documento: await documentoView(db, saved.venta) };
  } catch (error) {
    if (isUniqueViolation(error, 'ventas_idempotency_key')) {
      const winner = await repo.findByIdempotencyKey(db, idempotencyKey);
      if (winner) return replay(winner);
    }
    throw error;
  }
}

/** A sale as written inside its transaction: the counter sale and an approved held sale share it. */
export type VentaAEscribir = {
  condition: RegistrarVenta['condition'];
  clienteId: number;
  vendedorId: number | null;
  store: { id: number; name: string };
  /** Who recorded it (the document and the stock ledger name them). */
  userId: number;
  actor: SessionUser;
  rate: string;
  igtf: Awaited<ReturnType<typeof igtfDeVentas>>;
  lines: Awaited<ReturnType<typeof preciosDeVenta>>;
  settlement: Settlement;
  payments: RegistrarVenta['payments'];
  claims: { method: string; reference: string; bankCode: string }[];
  dueDate: string | null;
  authorizedBy: number | null;
  note: string;
  prospectoId?: number;
  idempotencyKey: string;
  requestHash: string;
  now: Date;
  /** The imprenta digital, when configured: a factura is sent to it (ventas.fiscal.ts). */
  fiscal?: EmisionFiscal | null;
  /** Runs once the document has its id, before the stock is taken. */
  beforeStock?: (venta: DocumentRow) => Promise<void>;
};

/**
 * Numbers and writes the document with its lines and payments, marks the prospect sold, claims the
 * payment references and, last, takes the stock (its rows stay locked only until the commit).
 */
export async function escribirVenta(tx: Db, w: VentaAEscribir): Promise<DocumentRow> {
  const doc: NewDocument = {
    condition: w.condition,
    source: 'mostrador',
    clienteId: w.clienteId,
    vendedorId: w.vendedorId,
    tiendaId: w.store.id,
    userId: w.userId,
    rate: w.rate,
    igtfBasisPoints: w.igtf.charged ? w.igtf.basisPoints : 0,
    totals: w.settlement.totals,
    paidCents: w.settlement.paidCents,
    dueDate: w.dueDate,
    authorizedBy: w.authorizedBy,
    note: w.note,
    idempotencyKey: w.idempotencyKey,
    requestHash: w.requestHash,
    createdAt: w.now,
    lines: w.lines.map((l) => ({ ...l, tiendaId: w.store.id })),
    payments: w.settlement.payments.map((p, i) => ({
      method: p.method,
      currency: p.currency,
      amount: fromCents(p.amountCents),
      change: fromCents(p.changeCents),
      amountUsdCents: p.amountUsdCents,
      rate: w.rate,
      reference: w.payments[i].reference ?? '',
      bankCode: SALE_PAYMENT_METHODS[p.method].bank ? (w.payments[i].bankCode ?? '') : '',
      igtfCents: p.igtfCents,
    })),
    imprenta: Boolean(w.fiscal),
  };
  const venta = await insertDocument(tx, doc);
  await solicitarNumeroDeControl(tx, w.fiscal, venta, doc);
  await ventaEscrita.avisar(tx, { prospectoId: w.prospectoId, number: venta.number, clienteId: w.clienteId, actor: w.actor });
  await w.beforeStock?.(venta);
  // Each reference once per bank and method across orders, sales and abonos (referencias_pago).
  for (const claim of w.claims) {
    try {
      await reservarReferencias(tx, [{ ...claim, source: 'venta', sourceId: venta.id }]);
    } catch (error) {
      if (error instanceof ReglaNegocio) throw new ReglaNegocio(`La referencia ${referenceLabel(claim)} ya fue usada.`);
      throw error;
    }
  }
  // The last write: the stock rows it locks are held only until the commit.
  const sold = await sellStock(
    tx,
    w.lines.map((l) => ({ articleCode: l.articleCode, tiendaId: w.store.id, quantity: l.quantity })),
    { reference: venta.number, userId: w.userId },
  );
  if (!sold.ok) {
    const names = sold.missing.map((m) => m.articleCode).join(', ');
    throw new ReglaNegocio(
      `No hay existencia libre suficiente en ${w.store.name} de: ${names}. Ajuste las cantidades o elija otra tienda.`,
    );
  }
  return venta;
}

/** What the "Nueva venta" page needs: the rate, the IGTF, the active stores and the user's salesman. */
export async function datosDeVenta(db: Db, user: SessionUser) {
  const [rate, igtf, tiendas, vendedorId] = await Promise.all([
    tasaDelDia(db),
    igtfDeVentas(db),
    repo.findActiveStores(db),
    repo.findOwnVendedorId(db, user.id),
  ]);
  return { rate: rate.amount, rateDate: rate.date, igtf, tiendas, vendedorId };
}

// ── customers' credit ───────────────────────────────────────────────────────

function dniOf(search: string | undefined): string | null {
  if (!search) return null;
  try {
    return normalizeDni(search);
  } catch {
    return null;
  }
}

export async function clientes(db: Db, q: { page: number; perPage: number; search?: string }) {
  const { rows, total } = await repo.findClientes(
    db,
    { search: q.search, dni: dniOf(q.search), today: today() },
    q.perPage,
    offsetOf(q.page, q.perPage),
  );
  return { items: rows, meta: metaFor(q.page, q.perPage, total) };
}

/** Up to `limit` customers for a picker, the exact cédula/RIF first. */
export async function opcionesDeClientes(db: Db, search: string | undefined, limit: number) {
  const { rows } = await repo.findClientes(db, { search, dni: dniOf(search), today: today() }, limit, 0);
  return rows;
}

export async function fijarCredito(db: Db, input: { clienteId: number; creditLimit: string; creditDays: number }): Promise<ClienteCredito> {
  if (!(await repo.updateCredit(db, input.clienteId, input.creditLimit, input.creditDays))) throw new NoEncontrado('El cliente no existe.');
  const row = await repo.findCliente(db, input.clienteId, today());
  if (!row) throw new NoEncontrado('El cliente no existe.');
  return row;
}

/** «Nuevo cliente»: a customer registered with its credit before any sale (409 if the document is taken). */
export async function nuevoCliente(
  db: Db,
  input: {
    dni: string;
    name: string;
    email?: string;
    phone?: string;
    state?: string;
    city?: string;
    address?: string;
    creditLimit: string;
    creditDays: number;
  },
): Promise<ClienteCredito> {
  const dni = normalizeDni(input.dni);
  if (await repo.findClienteByDni(db, dni)) throw new Conflicto(`Ya hay un cliente con la cédula o RIF ${dni}: búsquelo en la lista.`);
  const id = await db.transaction(async (tx) => {
    const { creditLimit, creditDays, ...datos } = input;
    const cliente = await findOrCreateCliente(tx, { ...datos, dni });
    await repo.updateCredit(tx, cliente.id, fromCents(toCents(creditLimit)), creditDays);
    return cliente.id;
  });
  const row = await repo.findCliente(db, id, today());
  if (!row) throw new NoEncontrado('El cliente no existe.');
  return row;
}

/**
 * admin or administración let one credit sale of the customer pass its limit or its overdue notes:
 * up to `maxAmount`, within 24 hours, once. A new customer is registered with its name.
 */
export async function autorizarCredito(db: Db, input: { dni: string; name?: string; maxAmount: string; note: string }, user: SessionUser) {
  const dni = normalizeDni(input.dni);
  const known = await repo.findClienteByDni(db, dni);
  const name = input.name?.trim() || known?.name;
  if (!name) throw new ReglaNegocio(`El cliente ${dni} no está registrado: escriba su nombre.`);
  const now = new Date();
  return db.transaction(async (tx) => {
    const cliente = await findOrCreateCliente(tx, { dni, name });
    const row = await repo.insertAuthorization(tx, {
      clienteId: cliente.id,
      maxAmount: fromCents(toCents(input.maxAmount)),
      note: input.note,
      authorizedBy: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_HOURS * 3_600_000),
    });
    if (!row) throw new Error('No se pudo guardar la autorización');
    return {
      id: row.id,
      cliente: { id: cliente.id, dni: cliente.dni, name: cliente.name },
      maxAmount: row.maxAmount,
      note: row.note,
      authorizedBy: await repo.findNickname(tx, user.id),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  });
}
