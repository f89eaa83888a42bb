import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, envelope, fillPath, toQueryString } from '#domain/contracts/contract.ts';
import { contractSerializer, route } from './contract.ts';

const answer = envelope(
  z.object({
    name: z.string(),
    at: z.string(),
    owner: z.object({ id: z.number() }).nullable(),
  }),
);

const cosa = defineRoute({
  method: 'GET',
  path: '/cosas/:id',
  tags: ['prueba'],
  summary: 'Una cosa',
  params: z.object({ id: z.coerce.number() }),
  response: answer,
});

async function appWith(checkContract: boolean, data: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer({ checkContract }));
  route(app, cosa, { access: 'public' }, async () => ({ success: true, data }) as never);
  await app.ready();
  return app;
}

describe('rutas desde su contrato', () => {
  it('escribe la respuesta según el esquema: fechas en ISO y objetos que pueden ser null', async () => {
    const at = new Date('2026-11-23T12:00:00.000Z');
    for (const owner of [{ id: 7 }, null]) {
      const app = await appWith(true, { name: 'Blusa', at, owner });
      const response = await app.inject({ method: 'GET', url: '/cosas/1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { name: 'Blusa', at: at.toISOString(), owner } });
    }
  });

  it('en producción solo salen los campos del contrato', async () => {
    const app = await appWith(false, { name: 'Blusa', at: 'hoy', owner: null, passwordHash: 'secreto' });
    const response = await app.inject({ method: 'GET', url: '/cosas/1' });
    expect(response.json().data).toEqual({ name: 'Blusa', at: 'hoy', owner: null });
  });

  it('fuera de producción, un campo que el contrato no declara es un error (el contrato no se desvía de la ruta)', async () => {
    const app = await appWith(true, { name: 'Blusa', at: 'hoy', owner: null, passwordHash: 'secreto' });
    app.setErrorHandler((error: Error, _request, reply) => reply.status(500).send({ message: error.message }));
    const response = await app.inject({ method: 'GET', url: '/cosas/1' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('$.data.passwordHash');
  });

  it('un 200 en una ruta cuyo contrato dice 201 también se escribe y se comprueba con el contrato', async () => {
    const crear = defineRoute({
      method: 'POST',
      path: '/cosas',
      tags: ['prueba'],
      summary: 'Crear una cosa',
      response: answer,
      status: 201,
    });
    const build = async (checkContract: boolean) => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(contractSerializer({ checkContract }));
      app.setErrorHandler((error: Error, _request, reply) => reply.status(500).send({ message: error.message }));
      route(app, crear, { access: 'public' }, async (request, reply) => {
        const data = { name: 'Blusa', at: 'hoy', owner: null, passwordHash: 'secreto' };
        // As a repeated request is answered: the first answer again, with 200.
        return request.headers['x-repetida'] ? reply.status(200).send({ success: true, data }) : ({ success: true, data } as never);
      });
      await app.ready();
      return app;
    };
    const production = await build(false);
    for (const headers of [{}, { 'x-repetida': '1' }]) {
      const response = await production.inject({ method: 'POST', url: '/cosas', headers });
      expect(response.statusCode).toBe('x-repetida' in headers ? 200 : 201);
      expect(response.json().data).toEqual({ name: 'Blusa', at: 'hoy', owner: null });
    }
    const checked = await (await build(true)).inject({ method: 'POST', url: '/cosas', headers: { 'x-repetida': '1' } });
    expect(checked.statusCode).toBe(500);
    expect(checked.json().message).toContain('$.data.passwordHash');
  });

  it('arma la URL de una llamada: parámetros de la ruta y el resto como consulta', () => {
    const { path, rest } = fillPath('/catalogo/linea/:url/articulo/:article/disponibilidad', { url: 'damas', article: 'A B', x: 1 });
    expect(path).toBe('/catalogo/linea/damas/articulo/A%20B/disponibilidad');
    expect(toQueryString(rest)).toBe('?x=1');
    expect(toQueryString({ color: ['AZUL', 'ROJO'], filter_advance: { desde: '2026-01-01' }, vacio: undefined })).toBe(
      '?color=AZUL%2CROJO&filter_advance%5Bdesde%5D=2026-01-01',
    );
    expect(fillPath('/cosas/:id', {}).path).toBe('/cosas/');
  });
});
