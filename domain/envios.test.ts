import { describe, expect, it } from 'vitest';
import {
  demoShippingRates,
  formatShippingDays,
  noShippingRateMessage,
  payShippingOf,
  quoteShipping,
  type ShippingRate,
  shippingCentsOf,
  shippingEstimate,
  shippingRateProblem,
  shippingRow,
} from './envios.ts';
import { SHIPPING_AGENCY_IDS } from './store-constants.ts';
import { VENEZUELAN_STATES } from './venezuela.ts';

const RATES: ShippingRate[] = [
  { agency: 'mrw', state: 'Distrito Capital', costUsd: '3.50', daysMin: 1, daysMax: 2 },
  { agency: 'mrw', state: 'Zulia', costUsd: '7.00', daysMin: 3, daysMax: 5 },
  { agency: 'liberty', state: 'Zulia', costUsd: null, daysMin: 3, daysMax: 5 },
];

describe('quoteShipping', () => {
  it('toma la tarifa de la agencia y el estado', () => {
    expect(quoteShipping(RATES, { shipping: 'envio', agency: 'mrw', state: 'Zulia' })).toEqual({
      kind: 'pagado',
      costUsd: '7.00',
      daysMin: 3,
      daysMax: 5,
    });
    expect(quoteShipping(RATES, { shipping: 'envio', agency: 'mrw', state: 'Distrito Capital' })).toMatchObject({ costUsd: '3.50' });
  });

  it('el retiro en tienda es gratis aunque la agencia y el estado tengan tarifa', () => {
    expect(quoteShipping(RATES, { shipping: 'retiro-en-tienda', agency: 'mrw', state: 'Zulia' })).toEqual({
      kind: 'retiro',
      costUsd: '0.00',
    });
  });

  it('por cobrar en destino no suma nada a la orden pero conserva los días', () => {
    expect(quoteShipping(RATES, { shipping: 'envio', agency: 'liberty', state: 'Zulia' })).toEqual({
      kind: 'por-cobrar',
      costUsd: '0.00',
      daysMin: 3,
      daysMax: 5,
    });
  });

  it('sin tarifa para la agencia y el estado lo dice', () => {
    expect(quoteShipping(RATES, { shipping: 'envio', agency: 'zoom', state: 'Zulia' })).toEqual({ kind: 'sin-tarifa' });
  });
});

describe('formatShippingDays', () => {
  it('dice «1 día», «3 días» o un rango', () => {
    expect(formatShippingDays(1, 1)).toBe('1 día');
    expect(formatShippingDays(3, 3)).toBe('3 días');
    expect(formatShippingDays(1, 2)).toBe('1–2 días');
  });
});

describe('shippingRateProblem', () => {
  const good: ShippingRate = { agency: 'zoom', state: 'Lara', costUsd: '4.50', daysMin: 2, daysMax: 3 };
  it('acepta una tarifa válida y el costo nulo (por cobrar)', () => {
    expect(shippingRateProblem(good)).toBeNull();
    expect(shippingRateProblem({ ...good, costUsd: null })).toBeNull();
  });
  it('rechaza estado inexistente, costo mal escrito y días al revés', () => {
    expect(shippingRateProblem({ ...good, state: 'Narnia' })).toMatch(/no existe/);
    expect(shippingRateProblem({ ...good, costUsd: '-1' })).toMatch(/monto en dólares/);
    expect(shippingRateProblem({ ...good, costUsd: '4,50' })).toMatch(/monto en dólares/);
    expect(shippingRateProblem({ ...good, daysMin: 4, daysMax: 2 })).toMatch(/días máximos/);
  });
});

describe('demoShippingRates', () => {
  const rates = demoShippingRates();
  it('cubre cada agencia en cada estado, todas válidas', () => {
    expect(rates).toHaveLength(SHIPPING_AGENCY_IDS.length * VENEZUELAN_STATES.length);
    expect(rates.map(shippingRateProblem).filter(Boolean)).toEqual([]);
  });
  it('la capital es más barata y rápida que un estado lejano', () => {
    const caracas = quoteShipping(rates, { shipping: 'envio', agency: 'mrw', state: 'Distrito Capital' });
    const amazonas = quoteShipping(rates, { shipping: 'envio', agency: 'mrw', state: 'Amazonas' });
    expect(caracas).toMatchObject({ kind: 'pagado', daysMin: 1, daysMax: 2 });
    expect(amazonas.kind).toBe('pagado');
    if (caracas.kind === 'pagado' && amazonas.kind === 'pagado') expect(Number(caracas.costUsd)).toBeLessThan(Number(amazonas.costUsd));
  });
});

describe('lo que cobra la orden por el envío', () => {
  it('en centavos: el costo de la tarifa; 0 al retirar o por cobrar; null sin tarifa', () => {
    const quote = (agency: string, shipping = 'envio') => quoteShipping(RATES, { shipping, agency, state: 'Zulia' });
    expect(shippingCentsOf(quote('mrw'))).toBe(700);
    expect(shippingCentsOf(quote('liberty'))).toBe(0);
    expect(shippingCentsOf(quote('mrw', 'retiro-en-tienda'))).toBe(0);
    expect(shippingCentsOf(quote('zoom'))).toBeNull();
    expect(shippingCentsOf({ kind: 'pagado', costUsd: '0.29', daysMin: 1, daysMax: 1 })).toBe(29);
  });

  it('quién paga lo decide la tarifa, no el comprador', () => {
    expect(payShippingOf(quoteShipping(RATES, { shipping: 'envio', agency: 'mrw', state: 'Zulia' }))).toBe('pagado-por-el-cliente');
    expect(payShippingOf(quoteShipping(RATES, { shipping: 'envio', agency: 'liberty', state: 'Zulia' }))).toBe('cobro-a-destino');
    expect(payShippingOf(quoteShipping(RATES, { shipping: 'retiro-en-tienda', agency: '', state: '' }))).toBe('');
  });

  it('los días se leen como días hábiles', () => {
    expect(shippingEstimate(2, 4)).toBe('2 a 4 días hábiles');
    expect(shippingEstimate(1, 1)).toBe('1 día hábil');
    expect(shippingEstimate(3, 3)).toBe('3 días hábiles');
  });

  it('la fila del envío de una orden: monto, «Sin costo» o «Por cobrar en destino», con su estimado si lo guardó', () => {
    expect(shippingRow({ shipping: 'envio', agencyLabel: 'MRW', payShipping: 'pagado-por-el-cliente', daysMin: 5, daysMax: 8 })).toEqual({
      label: 'Envío MRW',
      instead: null,
      estimate: '5 a 8 días hábiles',
    });
    expect(
      shippingRow({ shipping: 'retiro-en-agencia', agencyLabel: 'Liberty', payShipping: 'cobro-a-destino', daysMin: 3, daysMax: 5 }),
    ).toEqual({
      label: 'Envío Liberty',
      instead: 'Por cobrar en destino',
      estimate: '3 a 5 días hábiles',
    });
    expect(shippingRow({ shipping: 'retiro-en-tienda', agencyLabel: '', payShipping: '' })).toEqual({
      label: 'Retiro en tienda',
      instead: 'Sin costo',
      estimate: null,
    });
    // An order placed before the rates kept no estimate.
    expect(shippingRow({ shipping: 'envio', agencyLabel: 'Zoom', payShipping: 'delivery-gratis' }).estimate).toBeNull();
  });

  it('sin tarifa, el mensaje nombra la agencia y el estado', () => {
    expect(noShippingRateMessage('DHL', 'Amazonas')).toBe(
      'DHL no tiene una tarifa de envío para Amazonas. Elija otra agencia o el retiro en tienda.',
    );
  });
});
