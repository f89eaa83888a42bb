// Text helpers for search and URLs that ignore case and accents ("Niño" finds "nino").

/** Lower case, no diacritics, single spaces: "  Camisa  NIÑO " → "camisa nino". */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function includesNormalized(haystack: string, needle: string): boolean {
  return normalizeSearch(haystack).includes(normalizeSearch(needle));
}

/** "Camisa Niño 100% algodón" → "camisa-nino-100-algodon". */
export function slugify(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
