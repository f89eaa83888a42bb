// Steps of an orden de compra and who may move it from one step to the next.
import type { Role } from './roles.ts';
import { hasAnyRole, isStaff, ROLES } from './roles.ts';

export const ORDER_STEPS = [
  'pendiente',
  'pago-por-confirmar',
  'pago-confirmado',
  'inventario-confirmado',
  'despachada',
  'entregada',
  'anulada',
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  pendiente: 'Pendiente',
  'pago-por-confirmar': 'Pago por confirmar',
  'pago-confirmado': 'Pago confirmado',
  'inventario-confirmado': 'Inventario confirmado',
  despachada: 'Despachada',
  entregada: 'Entregada',
  anulada: 'Anulada',
};

export const FINAL_ORDER_STEPS: readonly OrderStep[] = ['entregada', 'anulada'];

export const ORDER_ACTIONS = [
  'registrar',
  'registrar-pago',
  'confirmar-pago',
  'confirmar-inventario',
  'despachar',
  'entregada',
  'anular',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** guest: anyone, even without a session; buyer: the customer who placed the order. */
export type OrderAccess = {
  call: string | null;
  roles: readonly Role[];
  buyer: boolean;
  guest: boolean;
};

export const ORDER_ACCESS: Record<OrderAction | 'numero-guia', OrderAccess> = {
  registrar: { call: 'POST orden-compra/registrar', roles: ROLES, buyer: true, guest: true },
  'registrar-pago': { call: 'POST orden-compra/registrar-pago', roles: ROLES, buyer: true, guest: false },
  'confirmar-pago': {
    call: 'PATCH orden-compra/confirmar-pago',
    roles: ['admin', 'administracion'],
    buyer: false,
    guest: false,
  },
  'confirmar-inventario': {
    call: 'PATCH orden-compra/confirmar-inventario',
    roles: ['admin', 'inventario'],
    buyer: false,
    guest: false,
  },
  despachar: { call: 'PATCH orden-compra/despachar', roles: ['admin', 'despacho'], buyer: false, guest: false },
  entregada: { call: 'PATCH orden-compra/entregada', roles: ['admin', 'despacho'], buyer: false, guest: false },
  'numero-guia': { call: 'PATCH orden-compra/numero-guia', roles: ['admin', 'despacho'], buyer: false, guest: false },
  // No call of its own in the spec: used when an unpaid order expires, and by staff who cancel.
  anular: { call: null, roles: ['admin', 'administracion'], buyer: false, guest: false },
};

/** variant picks between two outcomes of one call (payment reference sent, payment rejected). */
export type OrderTransition = {
  action: OrderAction;
  from: OrderStep | null;
  to: OrderStep;
  variant: 'normal' | 'con-referencia' | 'rechazo';
};

const CANCELLABLE: readonly OrderStep[] = ['pendiente', 'pago-por-confirmar', 'pago-confirmado', 'inventario-confirmado'];

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { action: 'registrar', from: null, to: 'pendiente', variant: 'normal' },
  { action: 'registrar', from: null, to: 'pago-por-confirmar', variant: 'con-referencia' },
  { action: 'registrar-pago', from: 'pendiente', to: 'pago-por-confirmar', variant: 'normal' },
  { action: 'confirmar-pago', from: 'pago-por-confirmar', to: 'pago-confirmado', variant: 'normal' },
  { action: 'confirmar-pago', from: 'pago-por-confirmar', to: 'pendiente', variant: 'rechazo' },
  { action: 'confirmar-inventario', from: 'pago-confirmado', to: 'inventario-confirmado', variant: 'normal' },
  { action: 'despachar', from: 'inventario-confirmado', to: 'despachada', variant: 'normal' },
  { action: 'entregada', from: 'despachada', to: 'entregada', variant: 'normal' },
  ...CANCELLABLE.map((from) => ({
    action: 'anular' as const,
    from,
    to: 'anulada' as const,
    variant: 'normal' as const,
  })),
];

const ACTION_PHRASES: Record<OrderAction, string> = {
  registrar: 'registrar',
  'registrar-pago': 'registrar el pago de',
  'confirmar-pago': 'confirmar el pago de',
  'confirmar-inventario': 'confirmar el inventario de',
  despachar: 'despachar',
  entregada: 'marcar como entregada',
  anular: 'anular',
};

export function isOrderStep(value: unknown): value is OrderStep {
  return typeof value === 'string' && (ORDER_STEPS as readonly string[]).includes(value);
}

export function canTransition(from: OrderStep, to: OrderStep): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

export type StepOutcome = { ok: true; to: OrderStep } | { ok: false; motivo: string };
export type Check = { ok: true } | { ok: false; motivo: string };
export type StepOptions = { withPaymentReference?: boolean; rejected?: boolean };

function quotedList(steps: readonly OrderStep[]): string {
  const quoted = steps.map((step) => `«${ORDER_STEP_LABELS[step]}»`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} o ${quoted.at(-1)}` : quoted.join('');
}

export function nextStepFor(action: OrderAction, from: OrderStep | null, options: StepOptions = {}): StepOutcome {
  const candidates = ORDER_TRANSITIONS.filter((t) => t.action === action);
  const fromSteps = [...new Set(candidates.map((t) => t.from))];
  if (from === null) {
    if (action === 'registrar') {
      return { ok: true, to: options.withPaymentReference ? 'pago-por-confirmar' : 'pendiente' };
    }
    return { ok: false, motivo: 'La orden de compra no existe todavía.' };
  }
  if (action === 'registrar') {
    return { ok: false, motivo: 'La orden de compra ya fue registrada.' };
  }
  const variant = action === 'confirmar-pago' && options.rejected ? 'rechazo' : 'normal';
  const match = candidates.find((t) => t.from === from && t.variant === variant);
  if (match) return { ok: true, to: match.to };
  const expected = fromSteps.filter(isOrderStep);
  return {
    ok: false,
    motivo:
      `No se puede ${ACTION_PHRASES[action]} una orden en estado «${ORDER_STEP_LABELS[from]}»: ` + `debe estar en ${quotedList(expected)}.`,
  };
}

export type OrderActor = { roles: readonly string[]; loggedIn: boolean; isBuyer: boolean };

export function mayPerform(action: OrderAction | 'numero-guia', actor: OrderActor): boolean {
  const access = ORDER_ACCESS[action];
  if (access.guest) return true;
  if (!actor.loggedIn) return false;
  if (access.buyer && actor.isBuyer) return true;
  return isStaff(actor.roles) && hasAnyRole(actor.roles, access.roles);
}

/** The tracking number is set while dispatching or once dispatched. */
export function canSetTrackingNumber(step: OrderStep): Check {
  if (step === 'inventario-confirmado' || step === 'despachada') return { ok: true };
  return {
    ok: false,
    motivo: `No se puede asignar el número de guía a una orden en estado «${ORDER_STEP_LABELS[step]}».`,
  };
}
