// The `despues` of a catalogue list page: where the previous page ended in its order (keyset), so a
// deep page costs what the first one costs. Opaque to clients: base64url of a small JSON.

export type CatalogSort = 'precio' | 'nombre' | 'nuevo' | 'vendidos';

/** The position of a row in the list order: staff mark (lists that follow it), sort key as text, code. */
export type CatalogCursor = { sort: CatalogSort; desc: boolean; marked: boolean | null; key: string; code: string };

// What the database writes for each key type (`::text`); anything else is refused before it reaches SQL.
const KEY_FORMAT: Record<CatalogSort, RegExp> = {
  precio: /^-?\d{1,12}(\.\d{1,2})?$/,
  vendidos: /^-?\d{1,10}$/,
  nuevo: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  nombre: /^[\s\S]{0,200}$/,
};

export function encodeCursor(cursor: CatalogCursor): string {
  const { sort, desc, marked, key, code } = cursor;
  return Buffer.from(JSON.stringify([sort, desc, marked, key, code])).toString('base64url');
}

/** The cursor, or null when it is not one this list wrote (other sort or direction, edited, truncated). */
export function decodeCursor(text: string, sort: CatalogSort, desc: boolean, listed: boolean): CatalogCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 5) return null;
  const [s, d, marked, key, code] = value;
  if (s !== sort || d !== desc) return null;
  if (listed ? typeof marked !== 'boolean' : marked !== null) return null;
  if (typeof key !== 'string' || !KEY_FORMAT[sort].test(key)) return null;
  if (sort === 'nuevo' && Number.isNaN(Date.parse(key.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')))) return null;
  if (typeof code !== 'string' || !/^[A-Za-z0-9-]{1,20}$/.test(code)) return null;
  return { sort, desc, marked, key, code };
}
