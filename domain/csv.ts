// CSV for spreadsheets set to Spanish: `;` between fields, comma as decimal separator, CRLF lines,
// UTF-8 with a byte-order mark so Excel reads the accents.

export const CSV_SEPARATOR = ';';
export const UTF8_BOM = '\uFEFF';

/** Quotes a field when it holds the separator, a quote or a line break; doubles inner quotes. */
export function csvField(value: string, separator = CSV_SEPARATOR): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Free text typed by a person (a buyer's name): a leading =, +, - or @ would make a spreadsheet
 * run it as a formula, so it gets a leading apostrophe.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** "1234.56" (the API's decimal) → "1234,56" (no thousands separator, so it reads back as a number). */
export function csvDecimal(value: string): string {
  return value.replace('.', ',');
}

export function toCsv(rows: readonly (readonly string[])[], separator = CSV_SEPARATOR): string {
  return `${UTF8_BOM}${rows.map((row) => row.map((field) => csvField(field, separator)).join(separator)).join('\r\n')}\r\n`;
}

/** Reads back what toCsv wrote (quoted fields, doubled quotes, CRLF); for tests and imports. */
export function parseCsv(text: string, separator = CSV_SEPARATOR): string[][] {
  const source = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
