import { describe, expect, it } from 'vitest';
import {
  bankAccountSchema,
  normalizeAccountNumber,
  normalizeMobile,
  normalizeRateInput,
  normalizeRif,
  rateAmountSchema,
} from './general.ts';

describe('tasa del día', () => {
  it('acepta lo que escribe una persona en Venezuela y lo pasa a punto decimal', () => {
    expect(normalizeRateInput('1.234,56')).toBe('1234.56');
    expect(normalizeRateInput(' 45,5 ')).toBe('45.5');
    expect(normalizeRateInput('45.50')).toBe('45.50');
  });

  it('la tasa es positiva y tiene hasta 4 decimales', () => {
    expect(rateAmountSchema.safeParse('36.5234').success).toBe(true);
    expect(rateAmountSchema.safeParse('0.0001').success).toBe(true);
    for (const bad of ['0', '0.0', '-1', '1.23456', '1e3', '']) expect(rateAmountSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('cuenta bancaria', () => {
  it('normaliza RIF, celular y número de cuenta', () => {
    expect(normalizeRif('j412345678')).toBe('J-41234567-8');
    expect(normalizeRif('G-20000001-0')).toBe('G-20000001-0');
    expect(normalizeRif('X-41234567-8')).toBeNull();
    expect(normalizeRif('J-4123-8')).toBe('J-00004123-8');
    expect(normalizeRif('V-18.456.789')).toBe('V-18456789');
    expect(normalizeRif('J-123')).toBeNull();
    expect(normalizeMobile('+58 414 555 0101')).toBe('0414-555-0101');
    expect(normalizeMobile('0212-555-0101')).toBeNull();
    expect(normalizeAccountNumber('0105 0012 34 1234567890')).toBe('0105-0012-34-1234567890');
    expect(normalizeAccountNumber('0105')).toBeNull();
  });

  it('pide lo que necesita cada método', () => {
    const base = { rif: 'J-41234567-8', company_account_name: 'Vitrina Moda C.A.' };
    const paths = (input: object) => {
      const result = bankAccountSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ ...base, method: 'transferencia', bank_code: '0105', account_number: '01050012341234567890' })).toEqual([]);
    expect(paths({ ...base, method: 'transferencia' })).toEqual(['bank_code', 'account_number']);
    expect(paths({ ...base, method: 'pago-movil', bank_code: '0134' })).toEqual(['phone']);
    expect(paths({ ...base, method: 'paypal' })).toEqual(['company_account_email']);
    expect(paths({ ...base, method: 'zelle', company_account_email: 'PAGOS@vitrina.com.ve' })).toEqual([]);
  });
});
