import { describe, expect, it } from 'vitest';
import {
  addCents,
  allocateCents,
  formatAmount,
  formatMoney,
  formatRate,
  formatRatePerUsd,
  formatUsd,
  formatVes,
  formatWrittenAmount,
  fromCents,
  leerMonto,
  moneyInBoth,
  montoParaCampo,
  montoVenezolano,
  multiplyCents,
  parseAmountInput,
  percentOfCents,
  subtractCents,
  toCents,
  usdToVesCents,
  vesOfRows,
  vesToUsdCents,
} from './money.ts';

describe('toCents', () => {
  it('suma 1,21 + 1,22 sin error de coma flotante', () => {
    expect(1.21 + 1.22).not.toBe(2.43);
    expect(toCents(1.21) + toCents(1.22)).toBe(243);
  });

  it('convierte textos con punto decimal y números', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('12')).toBe(1200);
    expect(toCents(' 0.07 ')).toBe(7);
    expect(toCents('.5')).toBe(50);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0)).toBe(0);
  });

  it('redondea la mitad hacia arriba en el tercer decimal', () => {
    expect(toCents('1.005')).toBe(101);
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.0049999')).toBe(100);
    expect(toCents('2.675')).toBe(268);
  });

  it('redondea los negativos alejándose de cero', () => {
    expect(toCents('-1.005')).toBe(-101);
    expect(toCents('-0.004')).toBe(0);
    expect(Object.is(toCents('-0.004'), -0)).toBe(false);
    expect(toCents(-12.5)).toBe(-1250);
  });

  it('acepta números en notación exponencial', () => {
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(5e-3)).toBe(1);
    expect(toCents(1.5e10)).toBe(1_500_000_000_000);
  });

  it('rechaza textos con coma, vacíos o no numéricos', () => {
    expect(() => toCents('12,50')).toThrow(/punto/);
    expect(() => toCents('')).toThrow();
    expect(() => toCents('.')).toThrow();
    expect(() => toCents('abc')).toThrow();
    expect(() => toCents('1e3')).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow();
  });

  it('rechaza montos fuera del rango de enteros seguros', () => {
    expect(toCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toCents('90071992547409.92')).toThrow(/rango/);
    expect(() => toCents(1e21)).toThrow(/rango/);
  });
});

describe('fromCents', () => {
  it('escribe siempre dos decimales con punto', () => {
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(7)).toBe('0.07');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-505)).toBe('-5.05');
    expect(fromCents(-5)).toBe('-0.05');
  });

  it('ida y vuelta sin pérdida', () => {
    for (const text of ['0.01', '123456789.99', '-42.10']) {
      expect(fromCents(toCents(text))).toBe(text);
    }
  });

  it('rechaza céntimos no enteros', () => {
    expect(() => fromCents(1.5)).toThrow(TypeError);
  });
});

describe('aritmética en céntimos', () => {
  it('suma varios montos y ninguno da cero', () => {
    expect(addCents(121, 122, -43)).toBe(200);
    expect(addCents()).toBe(0);
  });

  it('resta y multiplica por cantidades enteras', () => {
    expect(subtractCents(1000, 1250)).toBe(-250);
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(multiplyCents(1999, 0)).toBe(0);
    expect(multiplyCents(-250, 2)).toBe(-500);
  });

  it('rechaza cantidades fraccionarias y desbordes', () => {
    expect(() => multiplyCents(100, 1.5)).toThrow(TypeError);
    expect(() => multiplyCents(0.5, 2)).toThrow(TypeError);
    expect(() => multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(TypeError);
  });

  it('calcula porcentajes en puntos básicos redondeando la mitad hacia arriba', () => {
    expect(percentOfCents(1000, 1600)).toBe(160);
    expect(percentOfCents(3, 1600)).toBe(0);
    expect(percentOfCents(1, 5000)).toBe(1);
    expect(percentOfCents(-1, 5000)).toBe(-1);
    expect(percentOfCents(1234, 580)).toBe(72);
    expect(percentOfCents(9_000_000_000_000, 1600)).toBe(1_440_000_000_000);
    expect(() => percentOfCents(100, 5.8)).toThrow(TypeError);
  });
});

describe('conversión con la tasa del día', () => {
  it('convierte dólares a bolívares con la tasa exacta', () => {
    expect(usdToVesCents(100, '36.5234')).toBe(3652);
    expect(usdToVesCents(1999, '36.5234')).toBe(73010);
    expect(usdToVesCents(1999, 36.5234)).toBe(73010);
    expect(usdToVesCents(1234, '1')).toBe(1234);
  });

  it('redondea el medio céntimo hacia arriba', () => {
    expect(usdToVesCents(1, '0.5')).toBe(1);
    expect(usdToVesCents(1, '0.49')).toBe(0);
    expect(usdToVesCents(-1, '0.5')).toBe(-1);
  });

  it('convierte bolívares a dólares', () => {
    expect(vesToUsdCents(3652, '36.52')).toBe(100);
    expect(vesToUsdCents(73010, '36.5234')).toBe(1999);
  });

  it('rechaza una tasa cero, negativa o con coma', () => {
    expect(() => usdToVesCents(100, '0')).toThrow(/mayor que cero/);
    expect(() => usdToVesCents(100, -1)).toThrow(/mayor que cero/);
    expect(() => usdToVesCents(100, '36,5')).toThrow();
  });
});

describe('allocateCents', () => {
  it('reparte un descuento de modo que las partes suman exactamente el total', () => {
    const parts = allocateCents(100, [1, 1, 1]);
    expect(parts).toEqual([34, 33, 33]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('reparte en proporción a los pesos y da los céntimos sobrantes a los mayores restos', () => {
    expect(allocateCents(1000, [2500, 7500])).toEqual([250, 750]);
    expect(allocateCents(10, [1, 2])).toEqual([3, 7]);
    expect(allocateCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateCents(50, [0, 5])).toEqual([0, 50]);
  });

  it('no acepta pesos negativos ni todos en cero con monto', () => {
    expect(allocateCents(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocateCents(5, [0, 0])).toThrow(RangeError);
    expect(() => allocateCents(5, [1, -1])).toThrow(TypeError);
  });
});

describe('formato es-VE', () => {
  it('usa punto de miles y coma decimal', () => {
    expect(formatAmount(123456)).toBe('1.234,56');
    expect(formatAmount(100)).toBe('1,00');
    expect(formatAmount(5)).toBe('0,05');
    expect(formatAmount(99999)).toBe('999,99');
    expect(formatAmount(123456789012)).toBe('1.234.567.890,12');
  });

  it('antepone el símbolo del dólar o del bolívar', () => {
    expect(formatUsd(123456)).toBe('$ 1.234,56');
    expect(formatVes(123456)).toBe('Bs. 1.234,56');
    expect(formatUsd(0)).toBe('$ 0,00');
  });

  it('pone el signo negativo antes del símbolo', () => {
    expect(formatUsd(-500)).toBe('-$ 5,00');
    expect(formatVes(-123456)).toBe('-Bs. 1.234,56');
  });

  it('muestra en dólares por defecto y convierte a bolívares si se elige', () => {
    expect(formatMoney(1999)).toBe('$ 19,99');
    expect(formatMoney(1999, 'USD', '36.5234')).toBe('$ 19,99');
    expect(formatMoney(1999, 'VES', '36.5234')).toBe('Bs. 730,10');
    expect(formatMoney(1999, 'VES')).toBe('Bs. 19,99');
  });
});

describe('formatRate', () => {
  it('muestra la tasa con los decimales que usan las sumas, sin redondear', () => {
    expect(formatRate('318.7425')).toBe('318,7425');
    expect(formatRate('312.45')).toBe('312,4500');
    expect(formatRate('1234.5')).toBe('1.234,5000');
    expect(formatRate('1')).toBe('1,0000');
    expect(formatRate('36.123456')).toBe('36,123456');
    expect(formatRatePerUsd('318.7425')).toBe('Bs. 318,7425 por US$');
  });

  it('precio mostrado × tasa mostrada = Bs. mostrado', () => {
    const rate = '318.7425';
    const shown = formatRate(rate);
    const fromShown = shown.replace(/\./g, '').replace(',', '.');
    expect(formatVes(usdToVesCents(2087, fromShown))).toBe(formatVes(usdToVesCents(2087, rate)));
  });
});

describe('una regla de presentación', () => {
  it('en modo Bs. primero bolívares y al lado dólares; en modo $ al revés', () => {
    expect(moneyInBoth(4094, 'VES', '318.7425')).toEqual({ main: 'Bs. 13.049,32', other: '$ 40,94', otherCurrency: 'USD' });
    expect(moneyInBoth(4094, 'USD', '318.7425')).toEqual({ main: '$ 40,94', other: 'Bs. 13.049,32', otherCurrency: 'VES' });
  });

  it('en Bs. las filas se suman bajando como en $: artículos − descuento = subtotal; + IVA = total', () => {
    // $ 28,99 − $ 2,90 = $ 26,09; + $ 4,17 = $ 30,26 at 318,7425. Converted one by one they do not add up
    // (9.240,35 − 924,35 = 8.316,00 ≠ 8.315,99); as running totals they do.
    const rate = '318.7425';
    expect(usdToVesCents(2899, rate) - usdToVesCents(290, rate)).not.toBe(usdToVesCents(2609, rate));
    const { rows, running } = vesOfRows([2899, -290, 417], rate);
    expect(rows).toEqual([924035, -92436, 132916]);
    expect(running).toEqual([924035, 831599, 964515]);
    expect(running[1]).toBe(usdToVesCents(2609, rate));
    expect(running[2]).toBe(usdToVesCents(3026, rate));
    expect(rows.reduce((a, b) => a + b, 0)).toBe(usdToVesCents(3026, rate));
  });

  it('un monto escrito por el comprador sale con el símbolo de su moneda', () => {
    expect(formatWrittenAmount('12.644,85', 'VES')).toBe('Bs. 12.644,85');
    expect(formatWrittenAmount('12644.85', 'VES')).toBe('Bs. 12.644,85');
    expect(formatWrittenAmount('40,94', 'USD')).toBe('$ 40,94');
    expect(formatWrittenAmount('abc', 'VES')).toBe('Bs. abc');
  });
});

describe('parseAmountInput', () => {
  it('lee montos escritos al estilo venezolano y al estilo de la API', () => {
    expect(parseAmountInput('16.850,00')).toBe('16850.00');
    expect(parseAmountInput('Bs. 16.850,5')).toBe('16850.5');
    expect(parseAmountInput('1.234')).toBe('1234');
    expect(parseAmountInput('1.234.567')).toBe('1234567');
    expect(parseAmountInput('23.77')).toBe('23.77');
    expect(parseAmountInput('$ 23,77')).toBe('23.77');
    expect(parseAmountInput('2540.40')).toBe('2540.40');
  });
});

describe('leerMonto: un monto como lo escribe un venezolano', () => {
  const valor = (texto: string) => {
    const lectura = leerMonto(texto);
    return lectura.ok ? lectura.valor : `error: ${lectura.error}`;
  };

  it('punto de miles y coma decimal, con o sin miles', () => {
    expect(valor('15.000,00')).toBe('15000.00');
    expect(valor('1.234,56')).toBe('1234.56');
    expect(valor('1234,56')).toBe('1234.56');
    expect(valor('1.234.567,8')).toBe('1234567.8');
    expect(valor('0,50')).toBe('0.50');
    expect(valor(',5')).toBe('0.5');
    expect(valor('25')).toBe('25');
  });

  it('el punto decimal de la API y de quien escribe al estilo de EE. UU. cuando no es ambiguo', () => {
    expect(valor('1234.56')).toBe('1234.56');
    expect(valor('24.99')).toBe('24.99');
    expect(valor('23.5')).toBe('23.5');
    expect(valor('1,234.56')).toBe('1234.56');
    expect(valor('1,234,567.89')).toBe('1234567.89');
  });

  it('un punto seguido de tres cifras agrupa miles, como en es-VE', () => {
    expect(valor('1.234')).toBe('1234');
    expect(valor('15.000')).toBe('15000');
    expect(valor('1.234.567')).toBe('1234567');
  });

  it('símbolos, espacios y ceros a la izquierda no estorban', () => {
    expect(valor('Bs. 16.850,5')).toBe('16850.5');
    expect(valor('Bs 16850,50')).toBe('16850.50');
    expect(valor('$ 23,77')).toBe('23.77');
    expect(valor('  1 234,56 ')).toBe('1234.56');
    expect(valor('007,10')).toBe('7.10');
  });

  it('los céntimos son exactos', () => {
    const lectura = leerMonto('15.000,05');
    expect(lectura.ok && lectura.centimos).toBe(1_500_005);
    const otra = leerMonto('0,1');
    expect(otra.ok && otra.centimos).toBe(10);
  });

  it('rechaza con un mensaje y el ejemplo es-VE lo que no es un monto o es ambiguo', () => {
    for (const malo of [
      'abc',
      '1.23.456',
      '12.34,5',
      '1,2,3',
      '1.2345,00',
      '0.500',
      '1,234',
      '1.234.56',
      '1e3',
      '12,34.5',
      '$',
      '1..2',
      '1,,2',
    ]) {
      const lectura = leerMonto(malo);
      expect(lectura.ok, malo).toBe(false);
    }
    expect(leerMonto('abc')).toEqual({ ok: false, error: 'El monto no es válido (ejemplo: 1.234,56)' });
    expect(leerMonto('1,234')).toEqual({ ok: false, error: 'El monto admite hasta 2 decimales (ejemplo: 1.234,56)' });
    expect(leerMonto('25,505')).toEqual({ ok: false, error: 'El monto admite hasta 2 decimales (ejemplo: 1.234,56)' });
    expect(leerMonto('-5')).toEqual({ ok: false, error: 'El monto no puede ser negativo' });
    expect(leerMonto('  ')).toEqual({ ok: false, error: 'Escriba el monto (ejemplo: 1.234,56)' });
    expect(leerMonto('1234567890')).toEqual({ ok: false, error: 'El monto es demasiado grande' });
    expect(leerMonto('x', { etiqueta: 'El precio' })).toEqual({ ok: false, error: 'El precio no es válido (ejemplo: 1.234,56)' });
  });

  it('lo que lee se vuelve a escribir igual (ida y vuelta por formatAmount)', () => {
    for (let cents = 0; cents < 2_000_000; cents += 7_919) {
      const lectura = leerMonto(formatAmount(cents));
      expect(lectura.ok && lectura.centimos, formatAmount(cents)).toBe(cents);
      const api = leerMonto(fromCents(cents));
      expect(api.ok && api.centimos, fromCents(cents)).toBe(cents);
    }
  });

  it('montoVenezolano y montoParaCampo muestran es-VE', () => {
    expect(montoVenezolano('15000')).toBe('15.000,00');
    expect(montoVenezolano('1234.5')).toBe('1.234,50');
    expect(montoVenezolano('xyz')).toBe('xyz');
    expect(montoParaCampo('24.99')).toBe('24,99');
    expect(montoParaCampo('15000.00')).toBe('15.000,00');
    expect(montoParaCampo(null)).toBe('');
  });
});
