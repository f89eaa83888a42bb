import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('configuración', () => {
  it('usa los valores por defecto', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe('production');
    expect(env.TAREAS_INTERVALO_SEGUNDOS).toBe(60);
  });

  it('las tareas periódicas se desactivan con 0 y rechazan un intervalo negativo', () => {
    expect(parseEnv({ TAREAS_INTERVALO_SEGUNDOS: '0' }).TAREAS_INTERVALO_SEGUNDOS).toBe(0);
    expect(() => parseEnv({ TAREAS_INTERVALO_SEGUNDOS: '-5' })).toThrowError(/TAREAS_INTERVALO_SEGUNDOS debe ser 0 \(desactivadas\) o más/);
  });

  it('una variable vacía cuenta como no definida', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lista cada variable inválida con un mensaje en español', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrowError(
      /Configuración inválida:\n {2}- PORT: PORT debe ser un número\n {2}- DATABASE_URL: DATABASE_URL debe empezar por postgres:\/\/ o postgresql:\/\//,
    );
  });
});
