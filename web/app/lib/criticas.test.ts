import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '#domain/contracts/api-client.ts';
import { allCritical, combinedFailure, graveErrorMessage } from './criticas.ts';

const PUBLIC_URL = 'https://www.vitrina.com.ve';
const GRAVE = 'Ocurrio un error grave, intente nuevamente, si el error persiste favor contacte a soporte@www.vitrina.com.ve';

const ok = <T>(data: T): ApiResponse<T> => ({ status: 200, body: { success: true, data }, cookies: [] });
const fail = (status: number, message: string): ApiResponse<never> => ({ status, body: { success: false, message }, cookies: [] });
const settled = (...values: (ApiResponse<unknown> | Error)[]): PromiseSettledResult<ApiResponse<unknown>>[] =>
  values.map((v) => (v instanceof Error ? { status: 'rejected', reason: v } : { status: 'fulfilled', value: v }));

describe('llamadas críticas en paralelo', () => {
  it('el mensaje grave lleva el soporte del host público', () => {
    expect(graveErrorMessage(PUBLIC_URL)).toBe(GRAVE);
    expect(graveErrorMessage('http://localhost:3000')).toMatch(/soporte@localhost$/);
  });

  it('sin fallas no hay error; una sola falla es su propio error', () => {
    expect(combinedFailure(settled(ok(1), ok(2)), PUBLIC_URL)).toBeNull();
    expect(combinedFailure(settled(ok(1), fail(404, 'La orden no existe.')), PUBLIC_URL)).toEqual({
      status: 404,
      message: 'La orden no existe.',
    });
  });

  it('varias fallas, o una llamada que se cae, son el error grave (500)', () => {
    expect(combinedFailure(settled(fail(500, 'a'), fail(500, 'b')), PUBLIC_URL)).toEqual({ status: 500, message: GRAVE });
    expect(combinedFailure(settled(fail(422, 'a'), fail(500, 'b')), PUBLIC_URL)).toEqual({ status: 500, message: GRAVE });
    expect(combinedFailure(settled(ok(1), new Error('conexión perdida')), PUBLIC_URL)).toEqual({ status: 500, message: GRAVE });
  });

  it('el mismo rechazo de todas (la sesión terminó) sigue siendo ese rechazo', () => {
    expect(combinedFailure(settled(fail(401, 'Su sesión ha expirado.'), fail(401, 'x')), PUBLIC_URL)).toEqual({
      status: 401,
      message: 'Su sesión ha expirado.',
    });
  });

  it('allCritical devuelve las respuestas en orden o lanza el error de la página', async () => {
    const [a, b] = await allCritical(PUBLIC_URL, [Promise.resolve(ok('uno')), Promise.resolve(ok(2))]);
    expect([a.body.success && a.body.data, b.body.success && b.body.data]).toEqual(['uno', 2]);
    const thrown = await allCritical(PUBLIC_URL, [Promise.resolve(fail(500, 'a')), Promise.reject(new Error('x'))]).catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({ data: { message: GRAVE }, init: { status: 500 } });
  });
});
