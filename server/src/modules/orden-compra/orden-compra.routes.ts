// /api/orden-compra/*: the buyer's checkout, payments and public status, and the staff pipeline.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RECEIPT_LIMITS } from '#domain/comprobante.ts';
import * as contract from '#domain/contracts/orden-compra.ts';
import { isStaff, PAYMENT_CHECK_ROLES, ROLES } from '#domain/roles.ts';
import { AppError, NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { cartIdOf } from '#server/modules/carrito/carrito.service.ts';
import { cuentasActivasPorMetodo } from '#server/modules/general/general.service.ts';
import * as comprador from './orden-compra.comprador.service.ts';
import { adjuntarComprobante, ComprobanteInvalido, comprobanteDelPago } from './orden-compra.comprobante.service.ts';
import { eventosRoute } from './orden-compra.eventos.ts';
import * as personal from './orden-compra.personal.service.ts';

// Who may do what (docs/dominio.md §Pasos de la orden de compra).
const CHECK_REFERENCES = { access: PAYMENT_CHECK_ROLES } as const;
/** Payments and cancellations: administración (docs/dominio.md §Pasos de la orden de compra). */
const FINANZAS = { access: ['admin', 'administracion'] } as const;
const CONFIRM_STOCK = { access: ['admin', 'inventario'] } as const;
const DISPATCH = { access: ['admin', 'despacho'] } as const;

const MB = 1024 * 1024;

/** The file of the form's field «comprobante»; other parts are read and left aside. Null: no file. */
async function receiptFile(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'comprobante' || file) {
        part.file.resume();
        continue;
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ComprobanteInvalido(`El comprobante pesa más de ${RECEIPT_LIMITS.maxBytes / MB} MB.`);
    if (code.startsWith('FST_')) throw new ComprobanteInvalido('Envíe una sola imagen, en el campo «comprobante».');
    // Anything else comes from the parser (no boundary, a body cut short): the form was unreadable.
    throw new ComprobanteInvalido('No se pudo leer el formulario: elija la imagen del comprobante y envíela de nuevo.');
  }
  return file && file.length > 0 ? file : null;
}

function receiptRefused(reply: FastifyReply, motivo: string) {
  return reply.status(422).send({ success: false, message: 'No se pudo adjuntar el comprobante.', errors: { comprobante: [motivo] } });
}

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function ordenCompraRoutes(app: FastifyInstance): Promise<void> {
  const ctx = () => app.orderContext();
  const db = () => app.deps.database.db;
  const dataDir = app.deps.env.dataDir;
  // Only the receipt is read as multipart here, one small picture.
  await app.register(multipart, { limits: { fileSize: RECEIPT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 } });

  // ── the buyer ──

  route(app, contract.registrar, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) => {
    const user = await app.optionalUser(request);
    const who = { user, cartId: await cartIdOf(app, request, user), ip: request.ip };
    const result = await comprador.registrar(ctx(), request.body, request.headers['idempotency-key'], who);
    // A repeated request (same key) gets the first order back, with 200.
    return reply.status(result.created ? 201 : 200).send(ok(result.order));
  });

  // «Pedir por WhatsApp»: the same registration, the same limit per address (decision 0033).
  route(app, contract.registrarWhatsapp, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) => {
    const user = await app.optionalUser(request);
    const who = { user, cartId: await cartIdOf(app, request, user), ip: request.ip };
    const result = await comprador.registrarPorWhatsapp(ctx(), request.body, request.headers['idempotency-key'], who);
    return reply.status(result.created ? 201 : 200).send(ok(result.order));
  });

  route(app, contract.registrarPago, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, async (request) => {
    const { code, payment, email, token } = request.body;
    return ok(await comprador.registrarPago(ctx(), code, payment, { user: await app.optionalUser(request), email, token }));
  });

  // Codes are sequential: the status needs the buyer's link (t) and the route is limited per address.
  route(app, contract.estado, { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } }, async ({ params, query }) =>
    ok(await comprador.estadoPublico(ctx(), params.code, query.t)),
  );
  // The buyer's factura: its own signed link (page and mail), never cached, limited per address like the status.
  route(app, contract.documentoPdf, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async ({ params, query }, reply) => {
    const file = await comprador.documentoPdfDeOrden(ctx(), params.code, query.t);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  // The store's accounts to pay to, grouped by method (the checkout's payment step).
  route(app, contract.cuentasParaPagar, { access: 'public', cacheSeconds: 10 }, async ({ query }) =>
    ok(await cuentasActivasPorMetodo(db(), query.method)),
  );

  route(app, contract.subirComprobante, { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } }, async (request, reply) => {
    // A form sent without JavaScript (a page asked for, not JSON) goes back to its order page.
    const back = request.query.volver && !String(request.headers.accept ?? '').includes('application/json') ? request.query.volver : null;
    const returnTo = (outcome: 'enviado' | 'rechazado') =>
      reply.redirect(`${back}${back?.includes('?') ? '&' : '?'}comprobante=${outcome}`, 303);
    try {
      const bytes = await receiptFile(request);
      if (!bytes) return back ? returnTo('rechazado') : receiptRefused(reply, 'Elija la imagen del comprobante (JPEG, PNG o WebP).');
      const proof = { user: await app.optionalUser(request), token: request.query.t };
      const attached = await adjuntarComprobante(ctx(), dataDir, request.params.code, proof, bytes);
      return back ? returnTo('enviado') : reply.status(201).send(ok(attached));
    } catch (error) {
      if (error instanceof ComprobanteInvalido) return back ? returnTo('rechazado') : receiptRefused(reply, error.message);
      // Without JavaScript every refusal (unknown order, a payment no longer pending) goes back to the page too.
      if (back && error instanceof AppError && error.status < 500) return returnTo('rechazado');
      throw error;
    }
  });

  route(app, contract.acceder, { access: 'public', rateLimit: { max: 10, timeWindow: 15 * 60_000 } }, async ({ params, body }) =>
    ok(await comprador.accederOrden(ctx(), params.code, body.prueba)),
  );

  // ── the staff ──

  // Staff only: no store page checks references, and open to all it would tell anyone which payments exist.
  route(app, contract.verificarReferencia, CHECK_REFERENCES, async ({ query }) =>
    ok({ used: await personal.referenciaUsada(db(), query.method, query.bankCode, query.reference) }),
  );

  // The picture holds the buyer's bank data: staff who check payments only, never cached.
  route(app, contract.verComprobante, CHECK_REFERENCES, async ({ params }, reply) =>
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(await comprobanteDelPago(db(), dataDir, params.id)),
  );

  route(app, contract.buscarOrdenes, { access: ROLES }, async ({ body: b }) => {
    const refunds = ctx().ordersWithRefundToReview;
    const ids = b.filter_advance.reembolso === 'por-revisar' && refunds ? await refunds(db()) : undefined;
    const search = {
      ids,
      search: b.search,
      step: b.filter,
      method: b.filter_advance.payment_method,
      origen: b.filter_advance.origen,
      from: b.filter_advance.date_from,
      to: b.filter_advance.date_to,
    };
    const [{ items, meta }, { steps, estimates }] = await Promise.all([
      personal.buscar(db(), search, b.page, b.per_page),
      personal.contarPorPaso(db(), search),
    ]);
    // steps: how many orders of each step match the other filters (the screen's step chips), up to 1.000.
    return { ...okList(items, meta), steps, steps_are_estimates: estimates };
  });

  eventosRoute(app, ROLES);

  route(app, contract.detalle, { access: 'usuario' }, async (request) => {
    const user = staffUser(request.user);
    // A customer gets the buyer's view here too: only their own order, without staff details.
    return ok(
      await personal.detalle(db(), request.query.code, user, {
        own: !isStaff(user.roles),
        secret: ctx().secret,
        onlinePaymentsOf: ctx().onlinePaymentsOf,
      }),
    );
  });

  route(app, contract.confirmarPago, FINANZAS, async ({ body, user }) =>
    ok(
      await personal.cambiarPaso(ctx(), body.code, 'confirmar-pago', staffUser(user), {
        rejected: !body.approve,
        note: body.note,
        writeOff: body.approve ? body.castigo || undefined : undefined,
        vuelto: body.approve && body.excedente === 'vuelto',
      }),
    ),
  );
  route(app, contract.confirmarInventario, CONFIRM_STOCK, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'confirmar-inventario', staffUser(user))),
  );
  route(app, contract.despachar, DISPATCH, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'despachar', staffUser(user), { trackingNumber: body.trackingNumber })),
  );
  route(app, contract.numeroGuia, DISPATCH, async ({ body, user }) =>
    ok(await personal.numeroGuia(ctx(), body.code, body.trackingNumber, staffUser(user))),
  );
  route(app, contract.entregada, DISPATCH, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'entregada', staffUser(user))),
  );
  route(app, contract.anular, FINANZAS, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'anular', staffUser(user), { note: body.note })),
  );
  route(app, contract.anularImpagas, FINANZAS, async ({ body, user }) =>
    ok(await personal.anularImpagas(ctx(), body.codes, staffUser(user), body.note)),
  );
}
