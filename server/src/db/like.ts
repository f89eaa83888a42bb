// Text search with LIKE/ILIKE: what the person typed is matched literally, wherever it appears.

/** `%text%` with LIKE's own wildcards (%, _) and its escape (\) escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
