// What waits for each staff role on the dashboard's home, one card per kind of work, with who acts
// on it, the list that shows exactly those items and how the age of the oldest one is said
// (docs/dominio.md §Lo pendiente en el inicio del panel).
import { formatDate } from './dates.ts';
import { ORDER_ACCESS } from './order-steps.ts';
import { CREDIT_SALE_ROLES, hasAnyRole, PAYMENT_CHECK_ROLES, type Role } from './roles.ts';

export const PENDIENTE_IDS = [
  'pagos-por-confirmar',
  'inventario-por-confirmar',
  'por-despachar',
  'por-entregar',
  'abonos-por-aprobar',
  'ventas-por-autorizar',
  'notas-vencidas',
  'reembolsos-por-revisar',
  'facturas-por-emitir',
  'mensajes-sin-leer',
] as const;
export type PendienteId = (typeof PENDIENTE_IDS)[number];

export type TarjetaPendiente = {
  id: PendienteId;
  title: string;
  /** Who acts on these items: the roles of the route that resolves them. */
  roles: readonly Role[];
  /** The list with the filters that show exactly these items. */
  href: string;
  /** How the oldest item's age starts: «el más antiguo: hace 3 días», «la más vencida: …». */
  oldestLabel: string;
};

const FINANZAS = ['admin', 'administracion'] as const satisfies readonly Role[];
const ordenes = (paso: string) => `/dashboard/venta?paso=${paso}`;

export const TARJETAS_PENDIENTES: readonly TarjetaPendiente[] = [
  {
    id: 'pagos-por-confirmar',
    title: 'Pagos por confirmar',
    roles: ORDER_ACCESS['confirmar-pago'].roles,
    href: ordenes('pago-por-confirmar'),
    oldestLabel: 'el más antiguo',
  },
  {
    id: 'inventario-por-confirmar',
    title: 'Órdenes por confirmar inventario',
    roles: ORDER_ACCESS['confirmar-inventario'].roles,
    href: ordenes('pago-confirmado'),
    oldestLabel: 'la más antigua',
  },
  {
    id: 'por-despachar',
    title: 'Órdenes por despachar',
    roles: ORDER_ACCESS.despachar.roles,
    href: ordenes('inventario-confirmado'),
    oldestLabel: 'la más antigua',
  },
  {
    id: 'por-entregar',
    title: 'Órdenes por marcar entregadas',
    roles: ORDER_ACCESS.entregada.roles,
    href: ordenes('despachada'),
    oldestLabel: 'la más antigua',
  },
  {
    id: 'abonos-por-aprobar',
    title: 'Abonos por aprobar',
    roles: FINANZAS,
    href: '/dashboard/cuentas/por-cobrar?tipo=todas&abonos=pendientes',
    oldestLabel: 'el más antiguo',
  },
  {
    id: 'ventas-por-autorizar',
    title: 'Ventas a crédito por autorizar',
    roles: FINANZAS,
    // The home itself lists them, with Aprobar and Rechazar.
    href: '/dashboard#ventas-retenidas',
    oldestLabel: 'la más antigua',
  },
  {
    id: 'notas-vencidas',
    title: 'Notas de entrega vencidas',
    roles: CREDIT_SALE_ROLES,
    href: '/dashboard/cuentas/por-cobrar?tipo=vencidas',
    oldestLabel: 'la más vencida',
  },
  {
    id: 'reembolsos-por-revisar',
    title: 'Reembolsos por revisar',
    roles: PAYMENT_CHECK_ROLES,
    href: '/dashboard/venta?reembolso=por-revisar',
    oldestLabel: 'el más antiguo',
  },
  {
    id: 'facturas-por-emitir',
    title: 'Facturas sin número de control',
    roles: FINANZAS,
    // The home itself lists them (the imprenta digital's queue).
    href: '/dashboard#por-emitir',
    oldestLabel: 'la más antigua',
  },
  {
    id: 'mensajes-sin-leer',
    title: 'Mensajes de contacto sin leer',
    roles: ['admin'],
    href: '/dashboard/contacto?filter=no-leidos',
    oldestLabel: 'el más antiguo',
  },
];

/** The cards a user acts on, in the table's order. */
export function tarjetasPara(userRoles: readonly string[]): TarjetaPendiente[] {
  return TARJETAS_PENDIENTES.filter((t) => hasAnyRole(userRoles, t.roles));
}

export type Conteo = { total: number; oldest: string | null };

/**
 * The cards in the order the work should be done: those with items first, the one whose oldest item
 * waits longest at the top; the ones «al día» last, in the table's order.
 */
export function ordenarPorAntiguedad<T extends { id: PendienteId } & Conteo>(items: readonly T[]): T[] {
  const place = (id: PendienteId) => PENDIENTE_IDS.indexOf(id);
  return [...items].sort((a, b) => {
    const aWaits = a.total > 0 && a.oldest !== null;
    const bWaits = b.total > 0 && b.oldest !== null;
    if (aWaits !== bWaits) return aWaits ? -1 : 1;
    if (aWaits && bWaits && a.oldest !== b.oldest) return Date.parse(a.oldest as string) - Date.parse(b.oldest as string);
    return place(a.id) - place(b.id);
  });
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * How long the oldest item has waited: «hace 3 días», «hace 5 horas», «hace un momento»; past 30
 * days, the day it started («desde el 01/10/2026»), which reads better than a large number.
 */
export function edadDe(oldest: string, now: Date): string {
  const since = new Date(oldest);
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  if (elapsed >= 30 * DAY_MS) return `desde el ${formatDate(since)}`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days >= 1) return days === 1 ? 'hace 1 día' : `hace ${days} días`;
  const hours = Math.floor(elapsed / HOUR_MS);
  if (hours >= 1) return hours === 1 ? 'hace 1 hora' : `hace ${hours} horas`;
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes >= 1) return minutes === 1 ? 'hace 1 minuto' : `hace ${minutes} minutos`;
  return 'hace un momento';
}

/** The card's line under its count: «Al día» with nothing waiting, else the oldest item's age. */
export function lineaDeEdad(tarjeta: Pick<TarjetaPendiente, 'oldestLabel'>, conteo: Conteo, now: Date): string {
  if (conteo.total === 0 || conteo.oldest === null) return 'Al día';
  return `${tarjeta.oldestLabel}: ${edadDe(conteo.oldest, now)}`;
}
