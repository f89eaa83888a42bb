import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STEPS,
  CHILD_RELATIONSHIP_IDS,
  CHILD_RELATIONSHIP_OPTIONS,
  childRelationshipLabel,
  childRelationshipOptions,
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_PAY_SHIPPING,
  GENDER_OPTIONS,
  LOADING_BAR,
  moveCheckoutStep,
  PAY_SHIPPING_OPTIONS,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  SALE_LINE_KEYS,
  SHIPPING_AGENCY_OPTIONS,
  TOAST_TIMEOUT_MS,
} from './store-constants.ts';

describe('listas fijas de la tienda', () => {
  it('ofrece las siete agencias de envío', () => {
    expect(SHIPPING_AGENCY_OPTIONS.map((option) => option.label)).toEqual(['TEALCA', 'FedEx', 'DOMESA', 'MRW', 'DHL', 'Zoom', 'Liberty']);
  });

  it('el envío por defecto es delivery gratis', () => {
    expect(PAY_SHIPPING_OPTIONS.find((option) => option.value === DEFAULT_PAY_SHIPPING)?.label).toBe('Delivery gratis');
  });

  it('solo uphold, paypal y la tarjeta suman la comisión de tarjeta', () => {
    const withCommission = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].cardCommission);
    expect(withCommission).toEqual(['uphold', 'paypal', 'tarjeta']);
  });

  it('la tarjeta, efectivo y pago pendiente no llevan referencia; pago móvil y transferencia la llevan por banco', () => {
    const withoutReference = PAYMENT_METHOD_IDS.filter((id) => !PAYMENT_METHODS[id].takesReference);
    expect(withoutReference).toEqual(['tarjeta', 'efectivo', 'pago-pendiente']);
    const perBank = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].needsBank);
    expect(perBank).toEqual(['pago-movil', 'transferencia']);
  });

  it('cada método de pago tiene etiqueta e icono', () => {
    for (const id of PAYMENT_METHOD_IDS) {
      expect(PAYMENT_METHODS[id].label).not.toBe('');
      expect(PAYMENT_METHODS[id].icon).not.toBe('');
    }
    expect(PAYMENT_METHODS['pago-movil'].label).toBe('Pago móvil');
  });

  it('las claves de línea de venta, hijos y géneros son las de la especificación', () => {
    expect(SALE_LINE_KEYS).toEqual(['lo-nuevo', 'mas-vendidos', 'promociones']);
    expect(CHILD_RELATIONSHIP_OPTIONS.map((option) => option.value)).toEqual(['hijo', 'sobrino', 'nieto', 'hermano', 'ahijado']);
    expect(GENDER_OPTIONS).toEqual([
      { value: 'masculino', label: 'Masculino' },
      { value: 'femenino', label: 'Femenino' },
    ]);
  });

  it('los tiempos y la tasa por defecto son los de la especificación', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(LOADING_BAR).toEqual({ durationMs: 5000, throttleMs: 200, hideAfterMs: 500 });
    expect(DEFAULT_EXCHANGE_RATE).toEqual({ currency: 'USD', amount: '1' });
  });
});

describe('pasos del checkout', () => {
  it('son cinco con progreso del 20 al 100 %', () => {
    expect(CHECKOUT_STEPS.map((step) => step.progress)).toEqual([20, 40, 60, 80, 100]);
    expect(CHECKOUT_STEPS.map((step) => step.step)).toEqual([1, 2, 3, 4, 5]);
  });

  it('siguiente y anterior no salen del rango 1 a 5', () => {
    expect(moveCheckoutStep(1, 'siguiente')).toBe(2);
    expect(moveCheckoutStep(5, 'siguiente')).toBe(5);
    expect(moveCheckoutStep(3, 'anterior')).toBe(2);
    expect(moveCheckoutStep(1, 'anterior')).toBe(1);
  });
});

describe('parentesco según el sexo', () => {
  it('con «Femenino» las formas femeninas, con «Masculino» las masculinas, sin elegir las dos; el valor no cambia', () => {
    expect(childRelationshipOptions('femenino').map((o) => o.label)).toEqual(['Hija', 'Sobrina', 'Nieta', 'Hermana', 'Ahijada']);
    expect(childRelationshipOptions('masculino').map((o) => o.label)).toEqual(['Hijo', 'Sobrino', 'Nieto', 'Hermano', 'Ahijado']);
    expect(childRelationshipOptions('')[0].label).toBe('Hijo o hija');
    for (const gender of ['femenino', 'masculino', '']) {
      expect(childRelationshipOptions(gender).map((o) => o.value)).toEqual([...CHILD_RELATIONSHIP_IDS]);
    }
    expect(childRelationshipLabel('sobrino', 'femenino')).toBe('Sobrina');
    expect(childRelationshipLabel('nieto', 'masculino')).toBe('Nieto');
  });
});
