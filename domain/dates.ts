// Dates as the store shows them: dd/mm/aaaa in Caracas time.
//
// Instants are shown at America/Caracas, a fixed UTC−4 offset without daylight saving since
// 2016, computed by hand so the result does not depend on the server's time zone or ICU data.
// A date-only string ("2015-03-09", e.g. a birthday) is a calendar day and is never shifted.

export const CARACAS_OFFSET_MINUTES = -4 * 60;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

export const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

export type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function invalid(input: Date | string): never {
  throw new RangeError(`Fecha no válida: ${input instanceof Date ? 'Invalid Date' : `"${input}"`}`);
}

/** Calendar parts in Caracas time, or as written for a date-only string. */
export function caracasParts(input: Date | string): DateParts {
  const dateOnly = typeof input === 'string' ? DATE_ONLY.exec(input.trim()) : null;
  if (dateOnly) {
    const year = Number(dateOnly[1]);
    const month = Number(dateOnly[2]);
    const day = Number(dateOnly[3]);
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) invalid(input);
    return { year, month, day, hour: 0, minute: 0 };
  }
  const time = (typeof input === 'string' ? new Date(input) : input).getTime();
  if (Number.isNaN(time)) invalid(input);
  const local = new Date(time + CARACAS_OFFSET_MINUTES * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** "09/03/2015" */
export function formatDate(input: Date | string): string {
  const { year, month, day } = caracasParts(input);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** "09/03/2015 14:05" (24-hour clock, Caracas time). */
export function formatDateTime(input: Date | string): string {
  const { hour, minute } = caracasParts(input);
  return `${formatDate(input)} ${pad(hour)}:${pad(minute)}`;
}

/** The Caracas calendar day as "aaaa-mm-dd", e.g. to know which tasa del día applies. */
export function caracasIsoDate(input: Date | string): string {
  const { year, month, day } = caracasParts(input);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A real calendar day written aaaa-mm-dd (no 2026-02-31, no 2026-13-45). */
export function isIsoDay(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return (
    date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3])
  );
}
