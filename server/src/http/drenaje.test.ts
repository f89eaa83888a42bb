import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drenaje } from './drenaje.ts';

type Answer = { status: number; body: string; connection: string | undefined };

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

async function serverWithSlowPage() {
  const app = Fastify();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => undefined;
  const slowStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  app.get('/api/dato', async () => ({ dato: 42 }));
  app.get('/rapida', async () => ({ ok: true }));
  // Like an SSR page: it waits, then calls the API in process.
  app.get('/pagina', async () => {
    started();
    await gate;
    const answer = await app.inject({ url: '/api/dato' });
    return { pagina: answer.json() };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, release, slowStarted, drain: drenaje(app.server, { graciaMs: 0 }) };
}

describe('drenaje del servidor HTTP al cerrar', () => {
  it('deja de aceptar conexiones, termina la página en vuelo (con su llamada interna a la API) y cierra las conexiones que quedan libres', async () => {
    const { app, port, release, slowStarted, drain } = await serverWithSlowPage();
    const idle = new http.Agent({ keepAlive: true });
    const agent = new http.Agent({ keepAlive: true });
    agents.push(idle, agent);
    // A keep-alive connection left idle, and a page in flight on another one.
    expect((await get(port, '/rapida', idle)).status).toBe(200);
    const page = get(port, '/pagina', agent);
    await slowStarted;
    expect(drain.enCurso()).toBe(1);

    let drained = false;
    const closing = drain.cerrar().then(() => {
      drained = true;
    });
    const fresh = new http.Agent({ keepAlive: false });
    agents.push(fresh);
    await expect(get(port, '/rapida', fresh)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(drained).toBe(false);

    release();
    const answer = await page;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ pagina: { dato: 42 } });
    expect(answer.connection).toBe('close');
    await closing;
    expect(drain.enCurso()).toBe(0);
    // Nothing keeps the server open: Fastify's close finishes (it would wait on an open socket).
    await app.close();
  });

  it('sin solicitudes en vuelo termina enseguida; un flujo de eventos en vivo no cuenta como en vuelo', async () => {
    const app = Fastify();
    app.get('/eventos', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: hola\n\n');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const drain = drenaje(app.server, { graciaMs: 0 });
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/eventos', headers: { accept: 'text/event-stream' } }, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    expect(drain.enCurso()).toBe(0);
    await drain.cerrar();
    stream.destroy();
    await app.close();
  });

  it('durante la gracia atiende las solicitudes que ya venían en camino (con Connection: close) y después rechaza las conexiones nuevas', async () => {
    const app = Fastify();
    app.get('/rapida', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const drain = drenaje(app.server, { graciaMs: 300 });
    const closing = drain.cerrar();
    const fresh = new http.Agent({ keepAlive: false });
    agents.push(fresh);
    const late = await get(port, '/rapida', fresh);
    expect(late.status).toBe(200);
    expect(late.connection).toBe('close');
    await closing;
    await expect(get(port, '/rapida', fresh)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await app.close();
  });
});
