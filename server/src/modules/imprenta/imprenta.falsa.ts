// A local imprenta digital for the tests and the demo (IMPRENTA_FALSA=si): a node:http server on a
// random port that speaks what imprenta.http.ts sends, assigns control numbers from a range and
// answers a key it already saw with the same number. It can be told to be slow, to be down (503),
// to answer too late (the client times out after the number was assigned) or to lose its answer.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AsignadoFalso = { numeroControl: string; fechaAsignacion: string; cuerpo: string; numero: string };

export const IMPRENTA_FALSA_ID = {
  razonSocial: 'Imprenta Digital de Demostración, C.A.',
  rif: 'J-00000000-0',
  providencia: 'Providencia de prueba N° 0000 (no autorizada por el SENIAT)',
};

export type ImprentaFalsa = {
  url: string;
  token: string;
  /** The store's settings that point it at this fake. */
  env: { IMPRENTA_URL: string; IMPRENTA_TOKEN: string };
  /** Every number assigned, by idempotency key. */
  asignados: Map<string, AsignadoFalso>;
  /** Requests received (any answer). */
  llamadas(): number;
  /** Every answer waits this long first. */
  lenta(ms: number): void;
  /** The next `veces` calls answer 503 and assign nothing (Infinity: until `levantar`). */
  caer(veces?: number): void;
  levantar(): void;
  /** The next call assigns its number and answers only after `ms` (the store's timeout comes first). */
  responderTarde(ms: number): void;
  /** The next call assigns its number and the connection is cut without an answer. */
  perderRespuesta(): void;
  close(): Promise<void>;
};

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `desde`, `hasta`: the range of control numbers the printer gave this taxpayer. */
export async function startImprentaFalsa(options: { desde?: number; hasta?: number; serie?: string } = {}): Promise<ImprentaFalsa> {
  const token = `imprenta-${randomBytes(12).toString('hex')}`;
  const serie = options.serie ?? '00';
  const hasta = options.hasta ?? 99_999_999;
  let siguiente = options.desde ?? 1;
  const asignados = new Map<string, AsignadoFalso>();
  let llamadas = 0;
  let demora = 0;
  let caidas = 0;
  let tarde: number | null = null;
  let perder = false;
  const colgadas = new Set<ServerResponse>();

  function asignar(clave: string, cuerpo: string, numero: string): AsignadoFalso | 'agotado' {
    const previo = asignados.get(clave);
    if (previo) return previo;
    if (siguiente > hasta) return 'agotado';
    const nuevo = {
      numeroControl: `${serie}-${String(siguiente++).padStart(8, '0')}`,
      fechaAsignacion: new Date().toISOString(),
      cuerpo,
      numero,
    };
    asignados.set(clave, nuevo);
    return nuevo;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    llamadas++;
    const raw = await readBody(request);
    if (demora > 0) await wait(demora);
    if (request.method !== 'POST' || request.url !== '/documentos') return send(response, 404, { mensaje: 'No existe.' });
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { mensaje: 'Clave inválida.' });
    if (caidas > 0) {
      caidas--;
      return send(response, 503, { mensaje: 'Servicio no disponible.' });
    }
    const clave = request.headers['idempotency-key'];
    if (typeof clave !== 'string' || clave.length < 8) return send(response, 400, { mensaje: 'Falta la clave de idempotencia.' });
    let documento: { numero?: unknown; receptor?: { identificacion?: unknown }; totales?: { total?: unknown } };
    try {
      documento = JSON.parse(raw);
    } catch {
      return send(response, 400, { mensaje: 'El cuerpo no es JSON.' });
    }
    if (typeof documento.numero !== 'string' || typeof documento.receptor?.identificacion !== 'string' || !documento.totales?.total) {
      return send(response, 422, { mensaje: 'Faltan el número, el receptor o el total del documento.' });
    }
    const previo = asignados.get(clave);
    if (previo && previo.cuerpo !== raw) return send(response, 409, { mensaje: 'Esa clave ya se usó con otro documento.' });
    const asignado = asignar(clave, raw, documento.numero);
    if (asignado === 'agotado') return send(response, 422, { mensaje: 'El rango de números de control está agotado.' });
    const respuesta = {
      numeroControl: asignado.numeroControl,
      fechaAsignacion: asignado.fechaAsignacion,
      imprenta: IMPRENTA_FALSA_ID,
    };
    if (perder) {
      perder = false;
      request.socket.destroy();
      return;
    }
    if (tarde !== null) {
      const ms = tarde;
      tarde = null;
      colgadas.add(response);
      await wait(ms);
      colgadas.delete(response);
      if (response.destroyed || response.writableEnded) return;
    }
    send(response, 201, respuesta);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, { mensaje: 'Error interno.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    token,
    env: { IMPRENTA_URL: url, IMPRENTA_TOKEN: token },
    asignados,
    llamadas: () => llamadas,
    lenta: (ms) => {
      demora = ms;
    },
    caer: (veces = Number.POSITIVE_INFINITY) => {
      caidas = veces;
    },
    levantar: () => {
      caidas = 0;
    },
    responderTarde: (ms) => {
      tarde = ms;
    },
    perderRespuesta: () => {
      perder = true;
    },
    close: async () => {
      for (const response of colgadas) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
