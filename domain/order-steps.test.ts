import { describe, expect, it } from 'vitest';
import type { OrderAction, OrderStep } from './order-steps.ts';
import {
  canSetTrackingNumber,
  canTransition,
  isOrderStep,
  mayPerform,
  nextStepFor,
  ORDER_ACCESS,
  ORDER_ACTIONS,
  ORDER_STEP_LABELS,
  ORDER_STEPS,
  ORDER_TRANSITIONS,
} from './order-steps.ts';

// The only moves docs/dominio.md §Pasos de la orden de compra allows, written out independently of the table under test.
const ALLOWED: ReadonlyArray<readonly [OrderStep, OrderStep]> = [
  ['pendiente', 'pago-por-confirmar'],
  ['pago-por-confirmar', 'pago-confirmado'],
  ['pago-por-confirmar', 'pendiente'],
  ['pago-confirmado', 'inventario-confirmado'],
  ['inventario-confirmado', 'despachada'],
  ['despachada', 'entregada'],
  ['pendiente', 'anulada'],
  ['pago-por-confirmar', 'anulada'],
  ['pago-confirmado', 'anulada'],
  ['inventario-confirmado', 'anulada'],
];

const EXPECTED: Record<Exclude<OrderAction, 'registrar'>, Partial<Record<OrderStep, OrderStep>>> = {
  'registrar-pago': { pendiente: 'pago-por-confirmar' },
  'confirmar-pago': { 'pago-por-confirmar': 'pago-confirmado' },
  'confirmar-inventario': { 'pago-confirmado': 'inventario-confirmado' },
  despachar: { 'inventario-confirmado': 'despachada' },
  entregada: { despachada: 'entregada' },
  anular: {
    pendiente: 'anulada',
    'pago-por-confirmar': 'anulada',
    'pago-confirmado': 'anulada',
    'inventario-confirmado': 'anulada',
  },
};

describe('pasos de la orden de compra', () => {
  it('cada paso tiene etiqueta en español', () => {
    expect(Object.keys(ORDER_STEP_LABELS).sort()).toEqual([...ORDER_STEPS].sort());
    expect(ORDER_STEP_LABELS['pago-por-confirmar']).toBe('Pago por confirmar');
    expect(isOrderStep('despachada')).toBe(true);
    expect(isOrderStep('Despachada')).toBe(false);
  });

  it('cada transición de la tabla nombra una acción con su llamada y sus roles', () => {
    for (const transition of ORDER_TRANSITIONS) {
      expect(ORDER_ACTIONS).toContain(transition.action);
      expect(ORDER_ACCESS[transition.action]).toBeDefined();
    }
    expect(ORDER_ACCESS.despachar).toEqual({
      call: 'PATCH orden-compra/despachar',
      roles: ['admin', 'despacho'],
      buyer: false,
      guest: false,
    });
  });

  it('permite exactamente las transiciones del dominio y rechaza todas las demás', () => {
    for (const from of ORDER_STEPS) {
      for (const to of ORDER_STEPS) {
        const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('nada sale de entregada ni de anulada, y no se anula lo ya despachado', () => {
    for (const to of ORDER_STEPS) {
      expect(canTransition('entregada', to)).toBe(false);
      expect(canTransition('anulada', to)).toBe(false);
    }
    expect(canTransition('despachada', 'anulada')).toBe(false);
  });
});

describe('nextStepFor', () => {
  it('una orden nueva queda pendiente, o pago por confirmar si trae referencia de pago', () => {
    expect(nextStepFor('registrar', null)).toEqual({ ok: true, to: 'pendiente' });
    expect(nextStepFor('registrar', null, { withPaymentReference: true })).toEqual({
      ok: true,
      to: 'pago-por-confirmar',
    });
  });

  it('una orden existente no se vuelve a registrar', () => {
    for (const from of ORDER_STEPS) {
      const outcome = nextStepFor('registrar', from);
      expect(outcome.ok).toBe(false);
    }
  });

  it('ninguna otra acción aplica a una orden que aún no existe', () => {
    for (const action of ORDER_ACTIONS.filter((a) => a !== 'registrar')) {
      expect(nextStepFor(action, null)).toEqual({ ok: false, motivo: 'La orden de compra no existe todavía.' });
    }
  });

  it('cada acción lleva al paso esperado y rechaza con un motivo en español todos los demás pasos', () => {
    for (const [action, table] of Object.entries(EXPECTED) as [OrderAction, Partial<Record<OrderStep, OrderStep>>][]) {
      for (const from of ORDER_STEPS) {
        const outcome = nextStepFor(action, from);
        const expected = table[from];
        if (expected) {
          expect(outcome, `${action} desde ${from}`).toEqual({ ok: true, to: expected });
        } else {
          expect(outcome.ok, `${action} desde ${from}`).toBe(false);
          if (!outcome.ok) expect(outcome.motivo).toMatch(/^No se puede .+ una orden en estado «.+»: debe estar en «/);
        }
      }
    }
  });

  it('un pago rechazado devuelve la orden a pendiente', () => {
    expect(nextStepFor('confirmar-pago', 'pago-por-confirmar', { rejected: true })).toEqual({
      ok: true,
      to: 'pendiente',
    });
    expect(nextStepFor('confirmar-pago', 'pendiente', { rejected: true }).ok).toBe(false);
  });

  it('el motivo nombra el estado actual y el requerido', () => {
    expect(nextStepFor('despachar', 'pendiente')).toEqual({
      ok: false,
      motivo: 'No se puede despachar una orden en estado «Pendiente»: debe estar en «Inventario confirmado».',
    });
    const anular = nextStepFor('anular', 'despachada');
    expect(anular.ok === false && anular.motivo).toBe(
      'No se puede anular una orden en estado «Despachada»: debe estar en «Pendiente», «Pago por confirmar», ' +
        '«Pago confirmado» o «Inventario confirmado».',
    );
  });
});

describe('quién puede actuar', () => {
  const guest = { roles: [], loggedIn: false, isBuyer: false };
  const buyer = { roles: [], loggedIn: true, isBuyer: true };
  const customer = { roles: [], loggedIn: true, isBuyer: false };
  const staff = (role: string) => ({ roles: [role], loggedIn: true, isBuyer: false });

  it('cualquiera puede registrar una orden, incluso sin sesión', () => {
    expect(mayPerform('registrar', guest)).toBe(true);
  });

  it('el pago lo registra el comprador o el personal, no otro cliente ni un invitado', () => {
    expect(mayPerform('registrar-pago', buyer)).toBe(true);
    expect(mayPerform('registrar-pago', staff('despacho'))).toBe(true);
    expect(mayPerform('registrar-pago', customer)).toBe(false);
    expect(mayPerform('registrar-pago', guest)).toBe(false);
  });

  it('confirmar pago es de admin y administración', () => {
    expect(mayPerform('confirmar-pago', staff('administracion'))).toBe(true);
    expect(mayPerform('confirmar-pago', staff('admin'))).toBe(true);
    expect(mayPerform('confirmar-pago', staff('inventario'))).toBe(false);
    expect(mayPerform('confirmar-pago', buyer)).toBe(false);
  });

  it('inventario confirma inventario; despacho despacha, asigna guía y entrega', () => {
    expect(mayPerform('confirmar-inventario', staff('inventario'))).toBe(true);
    expect(mayPerform('confirmar-inventario', staff('despacho'))).toBe(false);
    for (const action of ['despachar', 'numero-guia', 'entregada'] as const) {
      expect(mayPerform(action, staff('despacho'))).toBe(true);
      expect(mayPerform(action, staff('vendedor-admin'))).toBe(false);
    }
  });

  it('un rol desconocido en sesión no concede nada', () => {
    expect(mayPerform('despachar', { roles: ['superusuario'], loggedIn: true, isBuyer: false })).toBe(false);
  });
});

describe('número de guía', () => {
  it('se asigna al despachar o ya despachada, nunca antes ni en órdenes cerradas', () => {
    const allowed = ORDER_STEPS.filter((step) => canSetTrackingNumber(step).ok);
    expect(allowed).toEqual(['inventario-confirmado', 'despachada']);
    expect(canSetTrackingNumber('pendiente')).toEqual({
      ok: false,
      motivo: 'No se puede asignar el número de guía a una orden en estado «Pendiente».',
    });
  });
});
