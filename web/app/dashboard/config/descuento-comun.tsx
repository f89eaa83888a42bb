// Pieces the discount and coupon pages share: how a discount reads, its state badge, and the
// activate/deactivate button (a real form that posts to the page's own action).
import { Badge, Button } from '@mantine/core';
import { Form } from 'react-router';
import type { ApiClient } from '#domain/contracts/api-client.ts';
import type { Descuento } from '#domain/contracts/descuento.ts';
import { activar } from '#domain/contracts/descuento.ts';
import { formatDate } from '#domain/dates.ts';
import { DISCOUNT_APPLICATION_LABELS, describeRule } from '#domain/descuentos.ts';
import type { Role } from '#domain/roles.ts';
import { PAYMENT_METHODS } from '#domain/store-constants.ts';
import { type FormErrors, formErrors } from '#web/lib/session.ts';

/** Discounts and coupons belong to sales (admin, vendedor-admin; docs/dominio.md §Roles). */
export const VENTAS: readonly Role[] = ['admin', 'vendedor-admin'];

export function reglaDe(d: Pick<Descuento, 'kind' | 'value'>): string {
  return describeRule(d.kind, d.value);
}

export function vigenciaDe(d: Pick<Descuento, 'validFrom' | 'validTo'>): string {
  return d.validTo ? `Del ${formatDate(d.validFrom)} al ${formatDate(d.validTo)}` : `Desde el ${formatDate(d.validFrom)}, sin fin`;
}

export function aplicacionDe(d: Pick<Descuento, 'aplicacion' | 'paymentMethod'>): string {
  if (d.aplicacion === 'metodo-pago' && d.paymentMethod) return `Pagando con ${PAYMENT_METHODS[d.paymentMethod].label}`;
  return DISCOUNT_APPLICATION_LABELS[d.aplicacion];
}

export function EstadoDescuento({ d }: { d: Pick<Descuento, 'active' | 'vigente'> }) {
  if (!d.active) return <Badge color="gray">Inactivo</Badge>;
  return d.vigente ? <Badge color="green">Vigente</Badge> : <Badge color="yellow">Activo, fuera de fecha</Badge>;
}

export function BotonActivar({ d }: { d: Pick<Descuento, 'id' | 'active' | 'name'> }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="activar" />
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="active" value={d.active ? 'false' : 'true'} />
      <Button
        type="submit"
        size="compact-sm"
        variant="light"
        color={d.active ? 'red' : 'green'}
        aria-label={`${d.active ? 'Desactivar' : 'Activar'} ${d.name}`}
        data-testid={`activar-${d.id}`}
      >
        {d.active ? 'Desactivar' : 'Activar'}
      </Button>
    </Form>
  );
}

export type ActivarResult = FormErrors & { saved?: string };

/** The activate/deactivate form's action, shared by the lists. */
export async function activarDesdeFormulario(api: ApiClient, form: FormData): Promise<{ status: number; result: ActivarResult }> {
  const response = await api.call(activar, { id: Number(form.get('id')), active: form.get('active') === 'true' });
  if (!response.body.success) return { status: response.status, result: formErrors(response) };
  const d = response.body.data;
  return {
    status: 200,
    result: { saved: d.active ? `«${d.name}» quedó activo.` : `«${d.name}» quedó inactivo: ya no se aplica en la tienda.` },
  };
}
