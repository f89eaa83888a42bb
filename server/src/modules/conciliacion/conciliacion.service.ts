// Bank statement reconciliation (issue 10, part E). A statement is kept with its rows as read; once
// its bank's columns are known its credit lines are stored, and each pending line is proposed a
// payment waiting for confirmation (domain/conciliacion.ts matchStatement). Confirming a pair goes
// through the payment's own path: an order's reported payment through cambiarPaso('confirmar-pago')
// and an abono through aprobarAbono. Each pair runs in its own transaction, which first locks the
// statement line (a line already reconciled is skipped), so two people confirming the same
// statement at once confirm each payment once; the payment's own lock and step check, and the
// unique index of reconciled payments, cover a payment proposed by two statements.
import { unlink } from 'node:fs/promises';
import { bankByCode, VENEZUELAN_BANKS } from '#domain/banks.ts';
import {
  findHeaderRow,
  guessMapping,
  type Match,
  type MatchableLine,
  matchStatement,
  type PaymentKind,
  type PendingPayment,
  pairStrength,
  parseStatement,
  STATEMENT_LIMITS,
  type StatementCell,
  type StatementMapping,
} from '#domain/conciliacion.ts';
import type { ExtractoDetalle, LineView, PaymentView } from '#domain/contracts/conciliacion.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { type Currency, fromCents, toCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { AppError, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { HojaInvalida, openSheet } from '#server/modules/configuracion/configuracion.importar.hoja.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { aprobarAbono } from '#server/modules/mayor-cuentas/mayor-cuentas.cobros.service.ts';
import type { OrderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import { cambiarPaso } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as repo from './conciliacion.repo.ts';

// ── reading an uploaded file ────────────────────────────────────────────────

/** The rows of the file (XLSX or CSV, as the catalogue import reads them), at most the statement's limit. */
export async function readStatementRows(file: string): Promise<StatementCell[][]> {
  const isHeader = (cells: string[]) => findHeaderRow([cells]) === 0;
  const { rows } = await openSheet(file, { isHeader });
  const out: StatementCell[][] = [];
  const limit = STATEMENT_LIMITS.maxRows + STATEMENT_LIMITS.headerSearchRows;
  for await (const row of rows) {
    // An XLSX leaves out empty rows: keep the numbering the spreadsheet shows.
    while (out.length < row.row - 1 && out.length < limit) out.push([]);
    if (out.length >= limit) {
      throw new HojaInvalida(
        422,
        `El extracto tiene más de ${STATEMENT_LIMITS.maxRows} filas: súbalo por partes (por ejemplo, una quincena).`,
      );
    }
    out.push(row.cells.map((c) => (typeof c === 'string' ? c.slice(0, 300) : c)));
  }
  while (out.length > 0 && out[out.length - 1].every((c) => c === null || String(c).trim() === '')) out.pop();
  if (out.length === 0) throw new HojaInvalida(422, 'El extracto está vacío.');
  return out;
}

// ── views ───────────────────────────────────────────────────────────────────

function text(cell: StatementCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

function bankName(code: string): string {
  return bankByCode(code)?.name ?? code;
}

function orderPaymentView(p: repo.PendingOrderPayment): PaymentView & { currency: Currency } {
  const method = PAYMENT_METHODS[p.method as PaymentMethodId];
  return {
    kind: 'orden',
    id: p.id,
    document: p.code,
    who: p.buyer,
    method: method?.label ?? p.method,
    reference: p.reference,
    amount: p.amount,
    currency: method?.currency ?? 'USD',
    date: p.paidOn,
  };
}

function abonoPaymentView(a: repo.PendingAbono): PaymentView {
  return {
    kind: 'abono',
    id: a.id,
    document: a.number,
    who: a.client,
    method: SALE_PAYMENT_METHODS[a.method as SalePaymentMethod]?.label ?? a.method,
    reference: a.reference,
    amount: a.amount,
    currency: a.currency as Currency,
    date: a.paidOn ?? caracasIsoDate(a.registeredAt),
  };
}

/** Payments waiting for confirmation that a bank statement in `currency` can show. */
async function pendingPayments(db: Db, currency: Currency, only?: { kind: PaymentKind; id: number }): Promise<PaymentView[]> {
  const [orders, abonoRows] = await Promise.all([
    only && only.kind !== 'orden' ? [] : repo.pendingOrderPayments(db, only?.id),
    only && only.kind !== 'abono' ? [] : repo.pendingAbonos(db, only?.id),
  ]);
  const withReference = abonoRows.filter((a) => SALE_PAYMENT_METHODS[a.method as SalePaymentMethod]?.reference ?? true);
  return [...orders.map(orderPaymentView), ...withReference.map(abonoPaymentView)].filter((p) => p.currency === currency);
}

function pendingOf(p: PaymentView): PendingPayment {
  return { kind: p.kind, id: p.id, reference: p.reference, amountCents: toCents(p.amount), currency: p.currency, date: p.date };
}

function matchableOf(l: repo.LineaRow): MatchableLine {
  return { id: l.id, date: l.date, reference: l.reference, amountCents: toCents(l.amount) };
}

export async function detalle(db: Db, id: number): Promise<ExtractoDetalle> {
  const statement = await repo.findExtracto(db, id);
  if (!statement) throw new NoEncontrado('El extracto no existe.');
  const currency = statement.currency as Currency;
  const [saved, lines, payments, uploadedBy] = await Promise.all([
    repo.savedMapping(db, statement.bankCode),
    repo.findLineas(db, id),
    pendingPayments(db, currency),
    repo.uploaderName(db, statement.uploadedBy),
  ]);
  const rows = statement.rows;
  const headerAt = Math.max(0, findHeaderRow(rows, saved ?? undefined) >= 0 ? findHeaderRow(rows, saved) : findHeaderRow(rows));
  const header = (rows[headerAt] ?? []).map(text);
  const documents = await repo.documentsOf(db, lines);
  const pendingLines = lines.filter((l) => l.status === 'pendiente');
  const matches: Match[] = matchStatement(pendingLines.map(matchableOf), payments.map(pendingOf), { windowDays: statement.windowDays });
  const lineViews: LineView[] = lines.map((l) => ({
    id: l.id,
    row: l.row,
    date: l.date,
    reference: l.reference,
    description: l.description,
    amount: l.amount,
    status: l.status === 'conciliada' ? 'conciliada' : 'pendiente',
    payment:
      l.paymentKind && l.paymentId
        ? {
            kind: l.paymentKind as PaymentKind,
            id: l.paymentId,
            document: documents.get(`${l.paymentKind}:${l.paymentId}`) ?? '',
          }
        : null,
    confirmedAt: l.confirmedAt ? l.confirmedAt.toISOString() : null,
  }));
  const reconciled = lines.filter((l) => l.status === 'conciliada').length;
  return {
    statement: {
      id: statement.id,
      bankCode: statement.bankCode,
      bankName: bankName(statement.bankCode),
      currency,
      fileName: statement.fileName,
      status: statement.status === 'leido' ? 'leido' : 'por-mapear',
      windowDays: statement.windowDays,
      uploadedAt: statement.uploadedAt.toISOString(),
      uploadedBy,
      lines: lines.length,
      reconciled,
      ignored: statement.ignored,
      problems: statement.problems,
    },
    mapping: saved ?? guessMapping(rows[headerAt] ?? []),
    mappingSaved: saved !== null,
    header: header.filter(Boolean),
    sample: rows.slice(headerAt + 1, headerAt + 6).map((r) => header.map((_, i) => text(r[i]))),
    lines: lineViews,
    matches,
    payments,
  };
}

// ── upload and mapping ──────────────────────────────────────────────────────

export type Upload = {
  file: string;
  fileName: string;
  bankCode: string;
  currency: Currency;
  windowDays: number;
};

/** Reads the lines of `rows` with `mapping` into the statement (its row locked), or refuses with the reason. */
async function readLines(tx: Db, id: number, rows: StatementCell[][], mapping: StatementMapping): Promise<void> {
  const parsed = parseStatement(rows, mapping);
  if ('error' in parsed) throw new ReglaNegocio(parsed.error);
  await repo.replaceLineas(
    tx,
    id,
    parsed.lines.map((l) => ({
      row: l.row,
      date: l.date,
      reference: l.reference.slice(0, 60),
      description: l.description,
      amount: fromCents(l.amountCents),
    })),
  );
  await repo.updateExtracto(tx, id, { status: 'leido', ignored: parsed.ignored, problems: parsed.problems.slice(0, 50) });
}

export async function subir(db: Db, upload: Upload, user: { id: number }): Promise<ExtractoDetalle> {
  let rows: StatementCell[][];
  try {
    rows = await readStatementRows(upload.file);
  } finally {
    await unlink(upload.file).catch(() => undefined);
  }
  const saved = await repo.savedMapping(db, upload.bankCode);
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertExtracto(tx, {
      bankCode: upload.bankCode,
      currency: upload.currency,
      fileName: upload.fileName.slice(0, 200) || 'extracto',
      rows,
      windowDays: upload.windowDays,
      uploadedBy: user.id,
    });
    // The bank's columns are known and found in this file: its lines are read at once.
    if (saved && findHeaderRow(rows, saved) >= 0) await readLines(tx, id, rows, saved);
    return id;
  });
  return detalle(db, id);
}

export async function mapear(
  db: Db,
  input: { id: number; mapping: StatementMapping; windowDays?: number },
  user: { id: number },
): Promise<ExtractoDetalle> {
  await db.transaction(async (tx) => {
    const statement = await repo.lockExtracto(tx, input.id);
    if (!statement) throw new NoEncontrado('El extracto no existe.');
    if ((await repo.countReconciled(tx, statement.id)) > 0) {
      throw new ReglaNegocio('Este extracto ya tiene líneas conciliadas: sus columnas no se pueden cambiar. Suba el extracto de nuevo.');
    }
    await readLines(tx, statement.id, statement.rows, input.mapping);
    if (input.windowDays !== undefined) await repo.updateExtracto(tx, statement.id, { windowDays: input.windowDays });
    await repo.saveMapping(tx, statement.bankCode, input.mapping, user.id);
  });
  return detalle(db, input.id);
}

export async function listar(db: Db, q: { page: number; perPage: number; search?: string }) {
  const search = q.search?.trim().toLowerCase();
  const banks = search ? VENEZUELAN_BANKS.filter((b) => b.name.toLowerCase().includes(search) || b.code === search).map((b) => b.code) : [];
  const { rows, total } = await repo.listExtractos(db, q.search, banks, q.perPage, offsetOf(q.page, q.perPage));
  return {
    items: rows.map((r) => ({
      id: r.extracto.id,
      bankCode: r.extracto.bankCode,
      bankName: bankName(r.extracto.bankCode),
      currency: r.extracto.currency as Currency,
      fileName: r.extracto.fileName,
      status: r.extracto.status === 'leido' ? ('leido' as const) : ('por-mapear' as const),
      windowDays: r.extracto.windowDays,
      uploadedAt: r.extracto.uploadedAt.toISOString(),
      uploadedBy: r.uploadedBy ?? r.nickname ?? null,
      lines: Number(r.lines),
      reconciled: Number(r.reconciled),
    })),
    meta: metaFor(q.page, q.perPage, total),
  };
}

// ── confirming ──────────────────────────────────────────────────────────────

export type Pair = { lineId: number; kind: PaymentKind; paymentId: number };

/**
 * One pair in its own transaction: the line locked first, then the payment's own path, run inside
 * this transaction. The order's mail is kept in the outbox by that path; its delivery waits for
 * this transaction's commit and then uses the pool (never the finished transaction).
 */
async function confirmarPar(ctx: OrderContext, statement: repo.ExtractoRow, pair: Pair, user: SessionUser): Promise<string> {
  const deliveries: Array<(db: Db) => Promise<void>> = [];
  const mailer: Mailer = {
    ...ctx.mailer,
    queue: async (tx, mail) => {
      deliveries.push(await ctx.mailer.queue(tx, mail));
      return async () => {};
    },
  };
  const document = await ctx.db.transaction(async (tx) => {
    const line = await repo.lockLinea(tx, statement.id, pair.lineId);
    if (!line) throw new NoEncontrado('La línea no es de este extracto.');
    if (line.status === 'conciliada') throw new ReglaNegocio(`La línea de la fila ${line.row} ya fue conciliada.`);
    const [payment] = await pendingPayments(tx, statement.currency as Currency, { kind: pair.kind, id: pair.paymentId });
    if (!payment) throw new ReglaNegocio(`El pago ya no está esperando confirmación (fila ${line.row}).`);
    if (!pairStrength(matchableOf(line), pendingOf(payment), { windowDays: statement.windowDays })) {
      throw new ReglaNegocio(`La línea de la fila ${line.row} no coincide con el pago de ${payment.document}.`);
    }
    const note = `Conciliado con el extracto #${statement.id} (${bankName(statement.bankCode)}), fila ${line.row}, ref. ${line.reference}.`;
    if (pair.kind === 'orden') {
      await cambiarPaso({ ...ctx, db: tx, mailer }, payment.document, 'confirmar-pago', user, { note });
    } else {
      await aprobarAbono(tx, { id: payment.id, step: 'aprobado', note }, user);
    }
    await repo.markReconciled(tx, line.id, pair.kind, payment.id, user.id);
    return payment.document;
  });
  for (const deliver of deliveries) {
    void deliver(ctx.db).catch((error) => ctx.log?.(`No se pudo entregar el correo de ${document}`, error));
  }
  return document;
}

export async function confirmar(ctx: OrderContext, input: { id: number; pairs: Pair[] }, user: SessionUser) {
  const statement = await repo.findExtracto(ctx.db, input.id);
  if (!statement) throw new NoEncontrado('El extracto no existe.');
  const confirmed: Array<Pair & { document: string }> = [];
  const skipped: Array<{ lineId: number; motivo: string }> = [];
  const seen = new Set<number>();
  for (const pair of input.pairs) {
    if (seen.has(pair.lineId)) {
      skipped.push({ lineId: pair.lineId, motivo: 'La línea se eligió dos veces.' });
      continue;
    }
    seen.add(pair.lineId);
    try {
      confirmed.push({ ...pair, document: await confirmarPar(ctx, statement, pair, user) });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) skipped.push({ lineId: pair.lineId, motivo: error.message });
      else if (isUniqueViolation(error)) skipped.push({ lineId: pair.lineId, motivo: 'Ese pago ya fue conciliado con otra línea.' });
      else throw error;
    }
  }
  return { confirmed, skipped, statement: await detalle(ctx.db, input.id) };
}
