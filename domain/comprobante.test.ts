import { describe, expect, it } from 'vitest';
import { RECEIPT_NAME, receiptFormatOf } from './comprobante.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('comprobante de pago', () => {
  it('el formato sale de los primeros bytes del archivo', () => {
    expect(receiptFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(receiptFormatOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(receiptFormatOf(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
  });

  it('otra cosa, aunque se llame .jpg, no es un comprobante', () => {
    expect(receiptFormatOf(text('%PDF-1.7'))).toBeNull();
    expect(receiptFormatOf(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(receiptFormatOf(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(receiptFormatOf(bytes(0xff, 0xd8))).toBeNull();
    expect(receiptFormatOf(bytes())).toBeNull();
  });

  it('el nombre guardado es aleatorio y no deja salir de su carpeta', () => {
    expect(RECEIPT_NAME.test(`${'a1'.repeat(16)}.webp`)).toBe(true);
    expect(RECEIPT_NAME.test('../../etc/passwd')).toBe(false);
    expect(RECEIPT_NAME.test(`${'a1'.repeat(16)}.webp/..`)).toBe(false);
  });
});
