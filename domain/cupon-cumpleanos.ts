// Birthday coupons: the settings of the coupon a customer gets by e-mail in the week of each
// child's birthday (profile «hijos»), and which birthday a day's run covers. The job that reads the
// children and issues the coupons is server/src/modules/profile/profile.cumpleanos.service.ts.
import { isIsoDay } from './dates.ts';

export type AjustesCuponCumpleanos = {
  readonly porcentaje: string;
  readonly lineaCode: string;
  readonly diasDeAnticipacion: number;
  readonly diasDeVigencia: number;
  readonly edadMaxima: number;
  readonly diasMinimosEnElPerfil: number;
  readonly horaDeEnvio: number;
  readonly prefijoDelCodigo: string;
};

/** What a birthday coupon is, in one place (there is no settings screen for it yet). */
export const CUPON_CUMPLEANOS: AjustesCuponCumpleanos = {
  /** Percentage off, as a descuento keeps its value. */
  porcentaje: '15.00',
  /** The línea (its code) the coupon reaches; every model in it. */
  lineaCode: 'NIN',
  /** A run covers the birthdays from today to this many days ahead, today included: the coming week. */
  diasDeAnticipacion: 7,
  /** Days the coupon is valid, from the day it is issued (both ends included). */
  diasDeVigencia: 14,
  /** Children who turn more than this get none: the children's sizes end at 14. */
  edadMaxima: 14,
  /**
   * A child added to the profile fewer days than this before the birthday gets none that year, so
   * adding (or deleting and adding again) a child the week of a birthday does not make coupons.
   */
  diasMinimosEnElPerfil: 30,
  /** From this hour, Caracas time, a server process runs the day's job (the mail arrives in the morning). */
  horaDeEnvio: 8,
  /** Codes are this prefix and random letters and digits. */
  prefijoDelCodigo: 'CUMPLE-',
};

function utcDay(day: string): Date {
  if (!isIsoDay(day)) throw new RangeError(`Fecha no válida: "${day}"`);
  return new Date(`${day}T00:00:00Z`);
}

/** The calendar day `days` after `day` (aaaa-mm-dd; negative goes back). */
export function sumarDias(day: string, days: number): string {
  const date = utcDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day a child born on `birthday` celebrates in `year`: 29 February is 28 February in a common year. */
export function cumpleanosDelAnio(birthday: string, year: number): string {
  utcDay(birthday);
  const monthDay = birthday.slice(5);
  const celebrated = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${celebrated}`;
}

export type Cumpleanos = {
  /** The day celebrated, aaaa-mm-dd. */
  dia: string;
  /** The year of that birthday: one coupon per child and year. */
  anio: number;
  /** The age the child turns that day. */
  edad: number;
};

/** The first birthday on or after `today` (both aaaa-mm-dd, Caracas). */
export function proximoCumpleanos(birthday: string, today: string): Cumpleanos {
  const year = Number(today.slice(0, 4));
  const thisYear = cumpleanosDelAnio(birthday, year);
  const anio = thisYear >= today ? year : year + 1;
  return { dia: anio === year ? thisYear : cumpleanosDelAnio(birthday, anio), anio, edad: anio - Number(birthday.slice(0, 4)) };
}

/**
 * The birthday a run on `today` issues a coupon for, or null: it falls within the coming week, the
 * child turns between 1 and the age limit, and the child was on the profile long enough before it.
 * `enElPerfilDesde`: the Caracas day the child was added.
 */
export function cumpleanosConCupon(
  hijo: { birthday: string; enElPerfilDesde: string },
  today: string,
  ajustes: AjustesCuponCumpleanos = CUPON_CUMPLEANOS,
): Cumpleanos | null {
  const next = proximoCumpleanos(hijo.birthday, today);
  if (next.dia > sumarDias(today, ajustes.diasDeAnticipacion - 1)) return null;
  if (next.edad < 1 || next.edad > ajustes.edadMaxima) return null;
  if (hijo.enElPerfilDesde > sumarDias(next.dia, -ajustes.diasMinimosEnElPerfil)) return null;
  return next;
}

/**
 * The month-days (mm-dd, as a birthday ends) a run on `today` looks for, so the database reads only
 * the week's birthdays; 29 February is among them when 28 February is, in a common year.
 */
export function diasDelPeriodo(today: string, ajustes: AjustesCuponCumpleanos = CUPON_CUMPLEANOS): string[] {
  const days: string[] = [];
  for (let i = 0; i < ajustes.diasDeAnticipacion; i++) {
    const day = sumarDias(today, i);
    days.push(day.slice(5));
    if (day.slice(5) === '02-28' && !isLeapYear(Number(day.slice(0, 4)))) days.push('02-29');
  }
  return days;
}

/** The days a coupon issued on `today` is valid, as a descuento keeps them. */
export function vigenciaDelCupon(
  today: string,
  ajustes: AjustesCuponCumpleanos = CUPON_CUMPLEANOS,
): { validFrom: string; validTo: string } {
  return { validFrom: today, validTo: sumarDias(today, ajustes.diasDeVigencia - 1) };
}

/** Letters and digits of a code, without the ones read alike (0/O, 1/I/L). */
export const ALFABETO_DEL_CODIGO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LARGO_ALEATORIO_DEL_CODIGO = 8;

/** A coupon code: the prefix and the letters at `picks` (8 positions in ALFABETO_DEL_CODIGO, drawn at random). */
export function codigoDeCupon(picks: readonly number[], ajustes: AjustesCuponCumpleanos = CUPON_CUMPLEANOS): string {
  const valid =
    picks.length === LARGO_ALEATORIO_DEL_CODIGO && picks.every((n) => Number.isInteger(n) && n >= 0 && n < ALFABETO_DEL_CODIGO.length);
  if (!valid) throw new RangeError(`Se esperaban ${LARGO_ALEATORIO_DEL_CODIGO} posiciones del alfabeto del código`);
  return ajustes.prefijoDelCodigo + picks.map((n) => ALFABETO_DEL_CODIGO[n]).join('');
}
