import { describe, expect, it } from 'vitest';
import { accountDelayMs, LOGIN_LIMITS, loginVerdict } from './login-throttle.ts';

describe('límite de intentos de ingreso', () => {
  it('la cuenta solo se frena: la espera se duplica desde el quinto fallo y no pasa de 3 segundos', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50, 10_000].map(accountDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000]);
  });

  it('un dispositivo conocido no se frena ni se rechaza por fallos de otros; sí por los suyos', () => {
    const underAttack = { source: 0, ip: 500, account: 500 };
    expect(loginVerdict(underAttack, true)).toEqual({ refused: null, delayMs: 0 });
    expect(loginVerdict({ ...underAttack, source: LOGIN_LIMITS.perSource }, true)).toEqual({ refused: 'source' });
  });

  it('un navegador desconocido se rechaza por sus fallos en esa cuenta o por los de su IP, y si no, espera', () => {
    expect(loginVerdict({ source: 5, ip: 5, account: 5 }, false)).toEqual({ refused: 'source' });
    expect(loginVerdict({ source: 0, ip: 20, account: 0 }, false)).toEqual({ refused: 'ip' });
    expect(loginVerdict({ source: 0, ip: 0, account: 7 }, false)).toEqual({ refused: null, delayMs: 1000 });
  });

  it('adivinanzas repartidas en muchas direcciones: pasado el tope de la cuenta se rechaza todo navegador desconocido, no sus dispositivos', () => {
    const spread = { source: 0, ip: 1, account: LOGIN_LIMITS.perAccount };
    expect(loginVerdict({ ...spread, account: LOGIN_LIMITS.perAccount - 1 }, false)).toEqual({ refused: null, delayMs: 3000 });
    expect(loginVerdict(spread, false)).toEqual({ refused: 'account' });
    expect(loginVerdict(spread, true)).toEqual({ refused: null, delayMs: 0 });
  });
});
