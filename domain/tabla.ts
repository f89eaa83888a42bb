/**
 * The value a lookup table holds for a key someone typed (a state's name, a sheet's header, a
 * query parameter): only the table's own keys count. A plain object also answers inherited names,
 * so `table['constructor']` or `table['__proto__']` would give Object's own function or prototype.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
