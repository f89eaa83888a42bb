// Query strings with the `filter_advance[campo]=valor` map (docs/api.md §Listas), parsed into nested objects.
export function parseQueryString(raw: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const nested = /^([\w-]+)\[([\w.-]+)\]$/.exec(key);
    if (nested) {
      const [, outer, inner] = nested;
      const current = result[outer];
      const map = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
      result[outer] = { ...(map as Record<string, unknown>), [inner]: value };
      continue;
    }
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}
