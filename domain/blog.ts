// Blog rules without I/O: post states, slugs from titles, when a post is visible, its summary.

export const POST_STATUSES = ['borrador', 'publicado', 'programado'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  programado: 'Programado',
};

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

/** "¿Qué ponerse en Mérida?" → "que-ponerse-en-merida". Empty when nothing usable is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * When the storefront starts showing a post: now for publicado (or the first time it was), its
 * scheduled time for programado, never for a borrador.
 */
export function publicationTime(status: PostStatus, schedulePost: Date | null, previouslyPublished: Date | null, now: Date): Date | null {
  if (status === 'borrador') return null;
  if (status === 'programado') return schedulePost;
  if (previouslyPublished && previouslyPublished <= now) return previouslyPublished;
  return now;
}

/** What the staff reads as the state: a programado post whose time came is already publicado. */
export function effectiveStatus(status: PostStatus, publishedAt: Date | null, now: Date): PostStatus {
  if (status === 'programado' && publishedAt && publishedAt <= now) return 'publicado';
  return status;
}

/** A plain-text summary of sanitized HTML, cut at a word, for cards and meta descriptions. */
export function summaryOf(html: string, max = 180): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The scheduled time a form sends: an ISO instant, or a wall-clock time without offset (a
 * datetime-local field), read as Caracas time (UTC−4 all year).
 */
export function scheduleInstant(text: string): Date {
  return new Date(/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}-04:00`);
}
