// The history of catalogue changes: where a change came from, which field it touched and how its
// values read on screen. Whoever writes to the history (the panel, a bulk change, an import) uses
// these same names, so one page shows them all.
import { formatUsd, toCents } from './money.ts';

export const HISTORY_SOURCES = ['panel', 'masivo', 'importacion'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

export const HISTORY_SOURCE_LABELS: Record<HistorySource, string> = {
  panel: 'Panel',
  masivo: 'Cambio masivo',
  importacion: 'Importación',
};

export const HISTORY_ENTITIES = ['linea', 'sublinea', 'modelo', 'articulo'] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** A model's "nuevo" and "más vendido" marks: by the automatic rule, always in, or always out. */
export const OVERRIDES = ['auto', 'si', 'no'] as const;
export type Override = (typeof OVERRIDES)[number];

export function overrideOf(value: boolean | null): Override {
  return value === null ? 'auto' : value ? 'si' : 'no';
}

export function overrideValue(value: Override): boolean | null {
  return value === 'auto' ? null : value === 'si';
}

export const HISTORY_FIELD_LABELS = {
  creado: 'Creado',
  nombre: 'Nombre',
  descripcion: 'Descripción',
  url: 'Dirección (URL)',
  prenda: 'Dibujo de prenda',
  posicion: 'Posición',
  activo: 'Estado',
  sublinea: 'Sub-línea',
  precio: 'Precio',
  promocion: 'Promoción',
  nuevo: 'Lo nuevo',
  'mas-vendido': 'Más vendidos',
  tallas: 'Tallas',
  fotos: 'Fotos',
  'orden-fotos': 'Orden de las fotos',
  'cambio-masivo': 'Cambio masivo',
} as const;
export type HistoryField = keyof typeof HISTORY_FIELD_LABELS;

const OVERRIDE_LABELS: Record<Override, string> = { auto: 'Automático', si: 'Siempre', no: 'Nunca' };

export function historyFieldLabel(field: string): string {
  return HISTORY_FIELD_LABELS[field as HistoryField] ?? field;
}

/** A stored value as a person reads it: prices in $, the active flag and the marks in words. */
export function formatHistoryValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  switch (field) {
    case 'precio':
    case 'promocion':
      return /^\d+(\.\d+)?$/.test(value) ? formatUsd(toCents(value)) : value;
    case 'activo':
      return value === 'true' ? 'Activo' : value === 'false' ? 'Inactivo' : value;
    case 'nuevo':
    case 'mas-vendido':
      return OVERRIDE_LABELS[value as Override] ?? value;
    case 'fotos':
      return /^\d+$/.test(value) ? `${value} ${value === '1' ? 'foto' : 'fotos'}` : value;
    default:
      return value;
  }
}
