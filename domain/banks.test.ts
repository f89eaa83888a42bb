import { describe, expect, it } from 'vitest';
import { bankByCode, bankOfAccount, isBankCode, VENEZUELAN_BANKS } from './banks.ts';

describe('bancos venezolanos', () => {
  it('cada banco tiene un código SUDEBAN de 4 dígitos único', () => {
    const codes = VENEZUELAN_BANKS.map((bank) => bank.code);
    expect(codes.every((code) => /^\d{4}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('incluye los bancos principales con su código', () => {
    expect(bankByCode('0102')?.name).toBe('Banco de Venezuela');
    expect(bankByCode('0134')?.name).toBe('Banesco');
    expect(bankByCode('0105')?.name).toBe('Mercantil');
    expect(bankByCode('0191')?.name).toMatch(/BNC/);
  });

  it('un código desconocido no es un banco', () => {
    expect(bankByCode('9999')).toBeUndefined();
    expect(isBankCode('0134')).toBe(true);
    expect(isBankCode('134')).toBe(false);
  });

  it('reconoce el banco por los 4 primeros dígitos de una cuenta de 20', () => {
    expect(bankOfAccount('0134-0123-45-6789012345')?.name).toBe('Banesco');
    expect(bankOfAccount('0102 0123 4567 8901 2345')?.code).toBe('0102');
    expect(bankOfAccount('0134012345678901234')).toBeUndefined();
    expect(bankOfAccount('99990123456789012345')).toBeUndefined();
  });
});
