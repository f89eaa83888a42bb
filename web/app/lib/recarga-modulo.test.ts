import { describe, expect, it } from 'vitest';
import { isChunkLoadError, LAST_RELOAD_KEY, reloadOnceAMinute, shouldReload } from './recarga-modulo.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('recarga por un módulo que no cargó', () => {
  it('recarga la primera vez y luego solo cuando pasó un minuto', () => {
    expect(shouldReload(null, 1_000_000)).toBe(true);
    expect(shouldReload(1_000_000, 1_000_000 + 59_999)).toBe(false);
    expect(shouldReload(1_000_000, 1_000_000 + 60_000)).toBe(true);
    expect(shouldReload(Number.NaN, 5)).toBe(true);
    // A clock moved back does not block reloads for good.
    expect(shouldReload(1_000_000, 10)).toBe(true);
  });

  it('recuerda cuándo recargó, y dos fallas seguidas recargan una sola vez', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadOnceAMinute(storage, 1_000, () => reloads++)).toBe(true);
    expect(storage.data.get(LAST_RELOAD_KEY)).toBe('1000');
    expect(reloadOnceAMinute(storage, 30_000, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceAMinute(storage, 61_000, () => reloads++)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('si la pestaña no puede recordar, no recarga (no hay bucle posible)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    let reloads = 0;
    expect(reloadOnceAMinute(broken, 1_000, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
  });

  it('reconoce el error de un import dinámico que falló', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Otra cosa'))).toBe(false);
    expect(isChunkLoadError('texto')).toBe(false);
  });
});
