// The size a child most likely wears, from the birthday on the customer's profile: children's
// clothes come in age sizes (2, 4 … 14 años) and children's shoes in EU sizes. A child between two
// sizes gets the larger one (they grow into it); past the children's range there is no suggestion.
import type { Gender } from '#domain/store-constants.ts';
export type TipoDeTalla = 'ropa' | 'calzado';

/** Whole years on `today` (aaaa-mm-dd, Caracas) of a child born on `birthday` (aaaa-mm-dd). */
export function edadEnAnios(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/**
 * Typical EU shoe size by age (a usual children's size chart); from 10 years boys' feet run about
 * one size larger than girls'.
 */
const CALZADO_POR_EDAD: Record<number, number> = { 1: 22, 2: 24, 3: 26, 4: 27, 5: 28, 6: 30, 7: 31, 8: 32, 9: 33, 10: 34, 11: 35, 12: 36 };

function tallaEstimada(edad: number, genero: Gender, tipo: TipoDeTalla): number | null {
  if (edad < 0) return null;
  if (tipo === 'ropa') return edad <= 14 ? Math.max(2, edad) : null;
  const base = CALZADO_POR_EDAD[Math.max(1, edad)];
  if (base === undefined) return null;
  return genero === 'masculino' && edad >= 10 ? base + 1 : base;
}

/**
 * Of the sizes an article comes in (2-character size codes such as '08' or '30'), the one to
 * suggest: the smallest that is at least the estimate, or null when none fits (a teenager past
 * the children's sizes, or an article without number sizes).
 */
export function tallaSugerida(
  nino: { birthday: string; gender: Gender },
  today: string,
  tipo: TipoDeTalla,
  disponibles: readonly string[],
): string | null {
  const estimada = tallaEstimada(edadEnAnios(nino.birthday, today), nino.gender, tipo);
  if (estimada === null) return null;
  const numeros = disponibles.filter((code) => /^\d{2}$/.test(code)).sort((a, b) => Number(a) - Number(b));
  return numeros.find((code) => Number(code) >= estimada) ?? null;
}
