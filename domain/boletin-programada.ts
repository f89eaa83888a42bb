// When a newsletter campaign may be scheduled: the picker's Caracas wall-clock time read as an
// instant, refused when it already passed or is too far ahead. No I/O: the server and the tests call it.
import { CARACAS_OFFSET_MINUTES } from './dates.ts';

/** More than a year ahead is almost surely a typo in the year. */
export const PROGRAMACION_MAX_DIAS = 366;

export const PROGRAMACION_INVALIDA = 'La fecha y hora no son válidas: use dd/mm/aaaa hh:mm (hora de Caracas).';
export const PROGRAMACION_PASADA = 'La hora programada ya pasó: elija una fecha y hora futuras (hora de Caracas).';
export const PROGRAMACION_LEJANA = 'Programe la campaña para dentro de un año como máximo.';

// "2026-12-01 09:30", "2026-12-01T09:30:00" (what the picker and a datetime-local field send), with
// an optional offset or Z (an ISO instant from another client).
const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The instant of `text`; a time without offset is Caracas time. Null for anything else (31/02, 25:00…). */
export function instanteProgramado(text: string): Date | null {
  const m = WALL.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const zone = m[7];
  let offsetMinutes = CARACAS_OFFSET_MINUTES;
  if (zone === 'Z') offsetMinutes = 0;
  else if (zone) {
    const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? [];
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000);
}

/** Why `at` cannot be a campaign's time at `now`, or null when it can. */
export function motivoProgramacionInvalida(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return PROGRAMACION_PASADA;
  if (at.getTime() - now.getTime() > PROGRAMACION_MAX_DIAS * 86_400_000) return PROGRAMACION_LEJANA;
  return null;
}
