import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stockKey } from './existencia.ts';
import {
  type CatalogState,
  type Cell,
  columnLetter,
  isHeaderRow,
  parseAmountCell,
  parseNumberText,
  parseUnitsCell,
  planImport,
  readHeader,
  readRow,
  type SheetColumns,
  summaryOf,
} from './importar-catalogo.ts';

const STORES = new Set(['CCS', 'VAL', 'LEC']);

function columnsOf(header: Cell[]): SheetColumns {
  const result = readHeader(header, STORES);
  if (!result.ok) throw new Error(result.message);
  return result.columns;
}

const HEADER: Cell[] = ['Código', 'Descripción', 'Línea', 'Sub-línea', 'Precio USD', 'Promoción USD', 'Existencia CCS', 'Existencia LEC'];

const STATE: CatalogState = {
  articles: new Map([
    ['DBLU001NEGRSM', 'DBLU001NEGR'],
    ['DBLU001NEGRMD', 'DBLU001NEGR'],
    ['CFRA002BLANLG', 'CFRA002BLAN'],
  ]),
  models: new Map([
    [
      'DBLU001NEGR',
      {
        code: 'DBLU001NEGR',
        name: 'Blusa Caracas',
        priceCents: 2500,
        promotionCents: 500,
        lineaId: 1,
        lineaCode: 'DAM',
        lineaName: 'Damas',
        sublineaId: 11,
        sublineaCode: 'BLU',
        sublineaName: 'Blusas',
      },
    ],
    [
      'CFRA002BLAN',
      {
        code: 'CFRA002BLAN',
        name: 'Franela básica',
        priceCents: 1500,
        promotionCents: 0,
        lineaId: 2,
        lineaCode: 'CAB',
        lineaName: 'Caballeros',
        sublineaId: 21,
        sublineaCode: 'FRA',
        sublineaName: 'Franelas',
      },
    ],
  ]),
  sizes: new Set(['XS', 'SM', 'MD', 'LG', 'XL']),
  colors: new Set(['NEGR', 'BLAN', 'ROJO']),
  lineas: [
    { id: 1, code: 'DAM', name: 'Damas', sublineas: [{ id: 11, code: 'BLU', name: 'Blusas' }] },
    { id: 2, code: 'CAB', name: 'Caballeros', sublineas: [{ id: 21, code: 'FRA', name: 'Franelas' }] },
  ],
  stores: new Map([
    ['CCS', { id: 1, code: 'CCS', name: 'Vitrina Caracas', active: true }],
    ['VAL', { id: 2, code: 'VAL', name: 'Vitrina Valencia', active: true }],
    ['LEC', { id: 5, code: 'LEC', name: 'Vitrina Lechería', active: false }],
  ]),
  stock: new Map([
    [stockKey('DBLU001NEGRSM', 1), { quantity: 10, held: 2 }],
    [stockKey('DBLU001NEGRMD', 1), { quantity: 4, held: 0 }],
    [stockKey('DBLU001NEGRSM', 5), { quantity: 3, held: 0 }],
  ]),
};

/** Reads and plans rows written after HEADER, numbered from 2 as in the sheet. */
function plan(rows: Cell[][], header: Cell[] = HEADER, state: CatalogState = STATE) {
  const columns = columnsOf(header);
  const read = rows.map((cells, i) => readRow({ row: i + 2, cells }, columns));
  return planImport(read, columns, state);
}

describe('la fila de títulos', () => {
  it('lee los títulos en español con o sin acentos, y los de un ERP como Profit', () => {
    const columns = columnsOf(['CO_ART', 'Art_Des', 'Precio 1', 'promocion', 'Exist. CCS', 'Stock val', 'Color', 'Unidad']);
    expect(columns.fields.codigo?.index).toBe(0);
    expect(columns.fields.descripcion?.header).toBe('Art_Des');
    expect(columns.fields.precio?.index).toBe(2);
    expect(columns.fields.promocion?.index).toBe(3);
    expect(columns.stock).toEqual([
      { index: 4, header: 'Exist. CCS', tienda: 'CCS' },
      { index: 5, header: 'Stock val', tienda: 'VAL' },
    ]);
    expect(columns.ignored).toEqual(['Color', 'Unidad']);
    expect(isHeaderRow(['', 'CÓDIGO', 'x'])).toBe(true);
    expect(isHeaderRow(['Listado de artículos al 01/06/2026'])).toBe(false);
  });

  it('rechaza una columna repetida, una tienda que no existe, la falta del código y una hoja sin nada que importar', () => {
    expect(readHeader(['Código', 'Precio', 'Precio USD'], STORES)).toEqual({
      ok: false,
      message: 'La columna Precio está dos veces (B «Precio» y C «Precio USD»): deje una sola.',
    });
    const unknown = readHeader(['Código', 'Existencia XYZ'], STORES);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.message).toContain('«Existencia XYZ» nombra una tienda que no existe');
    expect(readHeader(['Descripción', 'Precio'], STORES)).toEqual({ ok: false, message: 'Falta la columna Código.' });
    expect(readHeader(['Código', 'Color', 'Talla'], STORES).ok).toBe(false);
  });

  it('un título que todo objeto hereda («constructor») es una columna que no se importa', () => {
    const columns = columnsOf(['Código', 'constructor', '__proto__', 'Precio']);
    expect(columns.fields.codigo?.index).toBe(0);
    expect(columns.fields.precio?.index).toBe(3);
    expect(columns.ignored).toEqual(['constructor', '__proto__']);
    expect(isHeaderRow(['constructor', 'toString'])).toBe(false);
  });

  it('nombra las columnas con letras como la hoja', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('los números de las celdas', () => {
  it('acepta coma o punto decimal y separadores de miles de ambas formas', () => {
    const cases: [string, string, number][] = [
      ['12,50', '1250', 2],
      ['12.50', '1250', 2],
      ['1.234,56', '123456', 2],
      ['1,234.56', '123456', 2],
      ['1.234', '1234', 0],
      ['1,234', '1234', 0],
      ['1.234.567', '1234567', 0],
      ['0,500', '0500', 3],
      ['12', '12', 0],
      [',5', '5', 1],
    ];
    for (const [text, digits, decimals] of cases) {
      const parsed = parseNumberText(text);
      expect(parsed, text).not.toBeNull();
      expect(Number(parsed?.digits), text).toBe(Number(digits));
      expect(parsed?.decimals, text).toBe(decimals);
    }
    for (const bad of ['', 'abc', '1,2,3', '1.23.4', '12,50.3', '1.2.3,4', '--1']) expect(parseNumberText(bad), bad).toBeNull();
  });

  it('un monto: número de la hoja redondeado al céntimo, texto con a lo sumo 2 decimales, nunca negativo', () => {
    expect(parseAmountCell(19.99, 'El precio')).toEqual({ ok: true, value: 1999 });
    expect(parseAmountCell(19.990000000000002, 'El precio')).toEqual({ ok: true, value: 1999 });
    expect(parseAmountCell(0.005, 'El precio')).toEqual({ ok: true, value: 1 });
    expect(parseAmountCell('$ 1.234,5', 'El precio')).toEqual({ ok: true, value: 123450 });
    expect(parseAmountCell('USD 25', 'El precio')).toEqual({ ok: true, value: 2500 });
    expect(parseAmountCell('12,505', 'El precio')).toEqual({ ok: true, value: 1250500 });
    expect(parseAmountCell('12,5055', 'El precio')).toEqual({ ok: false, message: 'El precio tiene más de 2 decimales: «12,5055».' });
    expect(parseAmountCell('-3', 'La promoción')).toEqual({ ok: false, message: 'La promoción no puede ser negativo.' });
    expect(parseAmountCell('doce', 'El precio')).toMatchObject({ ok: false });
    expect(parseAmountCell(true, 'El precio')).toMatchObject({ ok: false });
    expect(parseAmountCell(1e12, 'El precio')).toMatchObject({ ok: false });
  });

  it('las unidades son enteras y no negativas', () => {
    expect(parseUnitsCell(12, 'La existencia')).toEqual({ ok: true, value: 12 });
    expect(parseUnitsCell('1.234', 'La existencia')).toEqual({ ok: true, value: 1234 });
    expect(parseUnitsCell('12,00', 'La existencia')).toEqual({ ok: true, value: 12 });
    expect(parseUnitsCell('12,5', 'La existencia')).toMatchObject({ ok: false });
    expect(parseUnitsCell(2.5, 'La existencia')).toMatchObject({ ok: false });
    expect(parseUnitsCell('-1', 'La existencia')).toMatchObject({ ok: false });
    expect(parseUnitsCell(20_000_000, 'La existencia')).toMatchObject({ ok: false });
  });

  it('cualquier monto escrito con coma decimal o con punto se lee igual', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.boolean(), (cents, comma) => {
        const whole = String(Math.floor(cents / 100));
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',');
        const text = `${grouped}${comma ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
        expect(parseAmountCell(text, 'El precio')).toEqual({ ok: true, value: cents });
      }),
    );
  });
});

describe('el plan de la importación', () => {
  it('cuenta filas nuevas, que cambian y sin cambios; una celda vacía no cambia nada', () => {
    const result = plan([
      ['DBLU001NEGRSM', '', '', '', '25', '5', 10, 3],
      ['dblu001negrmd', '', '', '', '', '', 6, ''],
      ['DBLU001NEGRLG', '', '', '', '', '', 2, ''],
      [null, null, null, null, null, null, null, null],
    ]);
    expect(result.errors).toEqual([]);
    expect(summaryOf(result)).toEqual({ total: 3, created: 1, changed: 1, unchanged: 1, invalid: 0 });
    expect(result.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'igual'],
      [3, 'cambia'],
      [4, 'nuevo'],
    ]);
    expect(result.rows[1].changes).toEqual([{ field: 'existencia', tienda: 'CCS', before: '4', after: '6' }]);
    expect(result.newArticles).toEqual([{ code: 'DBLU001NEGRLG', modelCode: 'DBLU001NEGR', sizeCode: 'LG' }]);
    expect(result.counts).toEqual([
      { row: 3, articleCode: 'DBLU001NEGRMD', tiendaId: 1, before: 4, counted: 6 },
      { row: 4, articleCode: 'DBLU001NEGRLG', tiendaId: 1, before: 0, counted: 2 },
    ]);
    expect(result.newModels).toEqual([]);
    expect(result.modelUpdates).toEqual([]);
  });

  it('el precio es del modelo: las tallas deben coincidir y la primera fila válida lo fija', () => {
    const result = plan([
      ['DBLU001NEGRSM', '', '', '', '30', '', '', ''],
      ['DBLU001NEGRMD', '', '', '', '31,00', '', '', ''],
    ]);
    expect(result.errors).toEqual([
      {
        row: 3,
        column: 'Precio USD',
        message: 'El precio no coincide con el de la fila 2: es del modelo DBLU001NEGR, igual para todas sus tallas.',
      },
    ]);
    expect(result.modelUpdates).toEqual([
      {
        code: 'DBLU001NEGR',
        lineaId: 1,
        before: { name: 'Blusa Caracas', priceCents: 2500, promotionCents: 500 },
        after: { name: 'Blusa Caracas', priceCents: 3000, promotionCents: 500 },
      },
    ]);
    expect(summaryOf(result)).toMatchObject({ changed: 1, invalid: 1 });
  });

  it('una promoción mayor que el precio, un conteo por debajo de lo apartado o una tienda inactiva que recibe son errores de su fila y columna', () => {
    const result = plan([
      ['DBLU001NEGRSM', '', '', '', '4', '', 1, ''],
      ['CFRA002BLANLG', '', '', '', '', '20', '', ''],
      ['DBLU001NEGRMD', '', '', '', '', '', '', 5],
    ]);
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'Precio USD',
        message: 'La promoción actual ($ 5,00) no puede ser mayor que el precio ($ 4,00): es lo que se descuenta del precio.',
      },
      {
        row: 2,
        column: 'Existencia CCS',
        message: 'La existencia de DBLU001NEGRSM en Vitrina Caracas (1) no puede ser menor que lo apartado para carritos u órdenes (2).',
      },
      {
        row: 3,
        column: 'Promoción USD',
        message: 'La promoción ($ 20,00) no puede ser mayor que el precio ($ 15,00): es lo que se descuenta del precio.',
      },
      {
        row: 4,
        column: 'Existencia LEC',
        message: 'Vitrina Lechería está inactiva y no recibe mercancía: la existencia no puede subir de 0.',
      },
    ]);
    expect(summaryOf(result)).toEqual({ total: 3, created: 0, changed: 0, unchanged: 0, invalid: 3 });
    expect(result.counts).toEqual([]);
    // Lowering stock in an inactive store is fine.
    expect(plan([['DBLU001NEGRSM', '', '', '', '', '', '', 1]]).counts).toEqual([
      { row: 2, articleCode: 'DBLU001NEGRSM', tiendaId: 5, before: 3, counted: 1 },
    ]);
  });

  it('crea un modelo desconocido solo si la fila trae descripción, línea, sub-línea y precio', () => {
    const result = plan([
      ['DVES900ROJOSM', 'Vestido Margarita', 'DAM', 'Blusas', '40', '', 3, ''],
      ['DVES900ROJOMD', '', '', '', '', '5', '', ''],
      ['DVES901ROJOSM', 'Vestido sin línea', '', '', '40', '', '', ''],
      ['DVES902VERDSM', 'Color desconocido', 'DAM', 'BLU', '40', '', '', ''],
      ['DVES903ROJOZZ', 'Talla desconocida', 'DAM', 'BLU', '40', '', '', ''],
      ['DVES904ROJOSM', 'Otra línea', 'XXX', 'BLU', '40', '', '', ''],
    ]);
    expect(result.newModels).toEqual([
      {
        code: 'DVES900ROJO',
        baseCode: 'DVES900',
        colorCode: 'ROJO',
        lineaId: 1,
        sublineaId: 11,
        name: 'Vestido Margarita',
        priceCents: 4000,
        promotionCents: 500,
      },
    ]);
    expect(result.newArticles.map((a) => a.code)).toEqual(['DVES900ROJOSM', 'DVES900ROJOMD']);
    expect(result.errors).toEqual([
      {
        row: 4,
        column: 'Línea',
        message: 'El artículo DVES901ROJOSM no existe. Para crear su modelo DVES901ROJO, la fila necesita Línea, Sub-línea.',
      },
      { row: 5, column: 'Código', message: 'El modelo DVES902VERD no existe y su color VERD tampoco: créelo primero en el panel.' },
      { row: 6, column: 'Código', message: 'El artículo DVES903ROJOZZ no existe y su talla ZZ tampoco.' },
      { row: 7, column: 'Línea', message: 'La línea «XXX» no existe.' },
    ]);
    expect(result.rows[0].changes.map((c) => c.field)).toEqual(['modelo', 'articulo', 'nombre', 'precio', 'existencia']);
  });

  it('sin columnas para crear modelos, un código desconocido se rechaza con un mensaje claro', () => {
    const result = plan([['ZZZZ001NEGRSM', '20']], ['Código', 'Precio']);
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'Descripción',
        message: 'El artículo ZZZZ001NEGRSM no existe. Para crear su modelo ZZZZ001NEGR, la fila necesita Descripción, Línea, Sub-línea.',
      },
    ]);
  });

  it('un artículo repetido, un código ilegible o una sub-línea distinta de la del modelo se rechazan', () => {
    const result = plan([
      ['DBLU001NEGRSM', '', 'DAM', 'BLU', '', '', '', ''],
      ['DBLU001NEGRSM', '', '', '', '', '', '', ''],
      ['DBLU001NEGRMD', '', 'CAB', '', '', '', '', ''],
      ['DBLU001NEGRXS', '', 'Damas', 'Franelas', '', '', '', ''],
      ['ABC', '', '', '', '', '', '', ''],
      ['', '', '', '', '20', '', '', ''],
      ['DBLU 001', '', '', '', '', '', '', ''],
    ]);
    expect(result.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'Código', 'El artículo DBLU001NEGRSM ya está en la fila 2.'],
      [4, 'Línea', 'El modelo DBLU001NEGR está en DAM/BLU: la importación no cambia la sub-línea de un modelo (hágalo en su página).'],
      [5, 'Sub-línea', 'La línea Damas no tiene la sub-línea «Franelas».'],
      [
        6,
        'Código',
        'El artículo ABC no existe y su código no se puede leer como modelo + talla (ejemplo: DBLU001NEGRSM: modelo DBLU001NEGR, talla SM).',
      ],
      [7, 'Código', 'Falta el código del artículo.'],
      [8, 'Código', 'El código «DBLU 001» no es válido: modelo y talla, solo letras, números y guiones (ejemplo: DBLU001NEGRSM).'],
    ]);
    expect(summaryOf(result)).toEqual({ total: 7, created: 0, changed: 0, unchanged: 1, invalid: 6 });
  });

  it('la descripción que la exportación protegió con un apóstrofo se lee sin él', () => {
    const columns = columnsOf(HEADER);
    expect(readRow({ row: 2, cells: ['CFRA002BLANLG', "'-Franela-", null] }, columns).row?.name).toBe('-Franela-');
    expect(readRow({ row: 2, cells: ['CFRA002BLANLG', "D'Angelo", null] }, columns).row?.name).toBe("D'Angelo");
  });

  it('cambiar la descripción cambia el nombre del modelo', () => {
    const result = plan([['CFRA002BLANLG', 'Franela básica cuello V', '', '', '', '', '', '']]);
    expect(result.rows[0]).toEqual({
      row: 2,
      articleCode: 'CFRA002BLANLG',
      status: 'cambia',
      changes: [{ field: 'nombre', tienda: null, before: 'Franela básica', after: 'Franela básica cuello V' }],
    });
    expect(result.modelUpdates[0].after.name).toBe('Franela básica cuello V');
  });
});
