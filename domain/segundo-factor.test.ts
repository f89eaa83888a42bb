import { describe, expect, it } from 'vitest';
import {
  acceptTotpStep,
  codeKind,
  formatRecoveryCode,
  mustEnrol,
  normalizeRecoveryCode,
  RECOVERY_CODES,
  totpStep,
} from './segundo-factor.ts';

describe('segundo factor del personal', () => {
  it('el paso de 30 segundos de un instante (RFC 6238, T0 = 0)', () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    // The RFC's test vector time 59 s is step 1, 1111111109 s is step 37037036.
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(1_111_111_109_000)).toBe(37_037_036);
  });

  it('un código vale una vez: ni el mismo paso ni uno anterior se aceptan de nuevo', () => {
    expect(acceptTotpStep(100, null)).toBe(true);
    expect(acceptTotpStep(101, 100)).toBe(true);
    expect(acceptTotpStep(100, 100)).toBe(false);
    // The code of the step before, still inside the window, after a newer one was used.
    expect(acceptTotpStep(99, 100)).toBe(false);
  });

  it('seis dígitos son un código de la aplicación; diez letras del alfabeto, uno de recuperación', () => {
    expect(codeKind('123456')).toBe('totp');
    expect(codeKind('123 456')).toBe('totp');
    expect(codeKind('12345')).toBe('invalido');
    expect(codeKind('abcde-fghjk')).toBe('recuperacion');
    expect(codeKind('ABCDE FGHJK')).toBe('recuperacion');
    expect(codeKind('abcde-fghj')).toBe('invalido');
    // «i» and «l» are not in the alphabet: such a code was never issued.
    expect(codeKind('abcde-fghil')).toBe('invalido');
  });

  it('el código de recuperación se guarda en minúsculas, sin guiones, y una «o» se lee como cero', () => {
    expect(normalizeRecoveryCode(' AbCdE-0gHjK ')).toBe('abcde0ghjk');
    expect(normalizeRecoveryCode('abcde-oghjk')).toBe('abcde0ghjk');
    expect(normalizeRecoveryCode('abcde-fghjk-x')).toBeNull();
  });

  it('un código de recuperación sale de diez bytes, en dos grupos de cinco, sin sesgo', () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i * 32 + i);
    const code = formatRecoveryCode(bytes);
    expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(code.replace('-', '')).toBe(RECOVERY_CODES.alphabet.slice(0, 10));
    expect(normalizeRecoveryCode(code)).toBe(code.replace('-', ''));
    expect(RECOVERY_CODES.alphabet).toHaveLength(32);
    expect(new Set(RECOVERY_CODES.alphabet).size).toBe(32);
    expect(() => formatRecoveryCode(new Uint8Array(9))).toThrow();
  });

  it('solo el admin está obligado, y solo si la instalación lo exige', () => {
    expect(mustEnrol(['admin'], false, true)).toBe(true);
    expect(mustEnrol(['admin', 'inventario'], false, true)).toBe(true);
    expect(mustEnrol(['admin'], true, true)).toBe(false);
    expect(mustEnrol(['admin'], false, false)).toBe(false);
    expect(mustEnrol(['inventario', 'despacho'], false, true)).toBe(false);
    expect(mustEnrol([], false, true)).toBe(false);
  });
});
