import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bcvAmount, parseBcvPage } from './tasa-bcv.ts';

const page = readFileSync(new URL('../server/test/fixtures/bcv-tasas.html', import.meta.url), 'utf8');

describe('tasa del BCV', () => {
  it('lee el dólar (no el euro ni el yuan) y la fecha valor de la página del BCV', () => {
    expect(parseBcvPage(page)).toEqual({ ok: true, amount: '241.5783', valueDate: '2026-11-20' });
  });

  it('los montos en formato venezolano pasan a 4 decimales, redondeando la mitad hacia arriba', () => {
    expect(bcvAmount(' 36,53250000 ')).toBe('36.5325');
    expect(bcvAmount('1.234,56785')).toBe('1234.5679');
    expect(bcvAmount('45,5')).toBe('45.5000');
  });

  it('un monto que no es número, es cero o trae letras no es una tasa', () => {
    for (const text of ['', 'N/D', '0,00000000', '12.34', '1,2,3', '-5,00', '36,5x']) expect(bcvAmount(text), text).toBeNull();
  });

  it('una página sin el recuadro, con otra moneda, sin número o sin fecha valor se rechaza con su motivo', () => {
    expect(parseBcvPage('<html><body>Mantenimiento</body></html>')).toEqual({
      ok: false,
      motivo: 'La página del BCV no trae el recuadro del dólar.',
    });
    expect(parseBcvPage(page.replace('<span> USD</span>', '<span> EUR</span>')).ok).toBe(false);
    expect(parseBcvPage(page.replace('241,57826940', 'N/D'))).toEqual({
      ok: false,
      motivo: 'La tasa del dólar en la página del BCV no es un número válido.',
    });
    expect(parseBcvPage(page.replace('content="2026-11-20T', 'content="2026-02-30T'))).toEqual({
      ok: false,
      motivo: 'La página del BCV no trae una fecha valor válida.',
    });
  });
});
