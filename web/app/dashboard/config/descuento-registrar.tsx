// /dashboard/config/descuentos/registrar (admin, vendedor-admin): create a discount, a coupon or a
// payment-method discount, or edit one (?id=). Validity in Caracas days; orders already placed keep
// what they were priced with.
import { Alert, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { actualizar, type Descuento, detalle, registrar } from '#domain/contracts/descuento.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import {
  DISCOUNT_APPLICATION_LABELS,
  DISCOUNT_APPLICATIONS,
  DISCOUNT_KIND_LABELS,
  DISCOUNT_KINDS,
  type DiscountApplication,
} from '#domain/descuentos.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '#domain/store-constants.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/descuento-registrar';
import { VENTAS } from './descuento-comun.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, VENTAS);
  const params = new URL(request.url).searchParams;
  const id = params.get('id');
  const editing = id && /^\d{1,9}$/.test(id) ? unwrap(await context.api.call(detalle, { id })) : null;
  const asked = DISCOUNT_APPLICATIONS.find((a) => a === params.get('aplicacion'));
  return {
    editing: editing as Descuento | null,
    aplicacion: editing?.aplicacion ?? asked ?? 'automatico',
    today: caracasIsoDate(new Date()),
  };
}

type ActionResult = FormErrors & { aplicacion?: string };

const blankToNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return text === '' ? null : text;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, VENTAS);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const aplicacion = text('aplicacion');
  const values = {
    name: text('name'),
    aplicacion,
    kind: text('kind'),
    value: text('value').trim(),
    validFrom: text('validFrom'),
    validTo: blankToNull(form.get('validTo')),
    active: form.get('active') === 'on',
    code: aplicacion === 'cupon' ? blankToNull(form.get('code')) : null,
    maxUses: aplicacion === 'cupon' ? text('maxUses') : null,
    maxUsesPerCustomer: aplicacion === 'cupon' ? text('maxUsesPerCustomer') : null,
    onlyEmail: aplicacion === 'cupon' ? blankToNull(form.get('onlyEmail')) : null,
    paymentMethod: aplicacion === 'metodo-pago' ? blankToNull(form.get('paymentMethod')) : null,
  };
  const id = Number(form.get('id'));
  const response = id
    ? await context.api.call(actualizar, formInput(actualizar, { ...values, id }))
    : await context.api.call(registrar, formInput(registrar, values));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), aplicacion }, { status: response.status });
  const saved = response.body.data;
  // A new automatic discount does nothing until it is assigned: the next step is assigning it.
  if (!id && saved.aplicacion === 'automatico') throw redirect(`/dashboard/config/descuentos/asignar/${saved.id}?nuevo=1`);
  throw redirect(saved.aplicacion === 'cupon' ? '/dashboard/cupones?guardado=1' : '/dashboard/config/descuentos?guardado=1');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Registrar un descuento');
}

export default function RegistrarDescuento({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, today } = loaderData;
  const result = actionData as ActionResult | undefined;
  const [aplicacion, setAplicacion] = useState<DiscountApplication>(
    (result?.aplicacion as DiscountApplication | undefined) ?? loaderData.aplicacion,
  );
  const busy = useNavigation().state === 'submitting';
  const error = (field: string) => fieldError(result, field);
  const coupon = aplicacion === 'cupon';
  const title = editing ? `Editar «${editing.name}»` : coupon ? 'Nuevo cupón' : 'Nuevo descuento';
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {result?.message && (
        <Alert color="red" role="alert" data-testid="descuento-error">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Form method="post">
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Nombre"
                name="name"
                required
                maxLength={120}
                defaultValue={editing?.name}
                error={error('name')}
                data-testid="descuento-nombre"
              />
              {editing ? (
                <>
                  <input type="hidden" name="aplicacion" value={editing.aplicacion} />
                  <TextInput
                    label="Se aplica"
                    value={DISCOUNT_APPLICATION_LABELS[editing.aplicacion]}
                    readOnly
                    description="No cambia al editar."
                  />
                </>
              ) : (
                <NativeSelect
                  label="Se aplica"
                  name="aplicacion"
                  value={aplicacion}
                  onChange={(e) => setAplicacion(e.currentTarget.value as DiscountApplication)}
                  data={DISCOUNT_APPLICATIONS.map((a) => ({ value: a, label: DISCOUNT_APPLICATION_LABELS[a] }))}
                  description="Automático: a las líneas, sub-líneas o modelos asignados. Cupón: con un código. Método de pago: a todo el pedido."
                  error={error('aplicacion')}
                  data-testid="descuento-aplicacion"
                />
              )}
              <NativeSelect
                label="Tipo de descuento"
                name="kind"
                defaultValue={editing?.kind ?? 'porcentaje'}
                data={DISCOUNT_KINDS.map((k) => ({ value: k, label: DISCOUNT_KIND_LABELS[k] }))}
                error={error('kind')}
                data-testid="descuento-tipo"
              />
              <TextInput
                label="Valor"
                name="value"
                required
                inputMode="decimal"
                placeholder="20 (por ciento) o 5,00 (USD por unidad)"
                defaultValue={editing?.value.replace(/\.00$/, '')}
                error={error('value')}
                data-testid="descuento-valor"
              />
              <TextInput
                label="Desde (hora de Caracas)"
                name="validFrom"
                type="date"
                required
                defaultValue={editing?.validFrom ?? today}
                error={error('validFrom')}
                data-testid="descuento-desde"
              />
              <TextInput
                label="Hasta (incluido)"
                name="validTo"
                type="date"
                description="Vacío: sin fecha de fin."
                defaultValue={editing?.validTo ?? ''}
                error={error('validTo')}
                data-testid="descuento-hasta"
              />
              {aplicacion === 'metodo-pago' && (
                <NativeSelect
                  label="Método de pago"
                  name="paymentMethod"
                  defaultValue={editing?.paymentMethod ?? ''}
                  data={[
                    { value: '', label: 'Elija el método' },
                    ...PAYMENT_METHOD_IDS.map((m) => ({ value: m, label: PAYMENT_METHODS[m].label })),
                  ]}
                  error={error('paymentMethod')}
                  data-testid="descuento-metodo"
                />
              )}
            </SimpleGrid>
            {coupon && (
              <Card withBorder padding="md" bg="gray.0">
                <Text fw={600} mb="xs">
                  Cupón
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Código"
                    name="code"
                    required
                    maxLength={30}
                    autoCapitalize="characters"
                    description="Letras, números o guiones; el comprador lo escribe al pagar."
                    defaultValue={editing?.code ?? ''}
                    error={error('code')}
                    data-testid="cupon-codigo-nuevo"
                  />
                  <TextInput
                    label="Usos en total"
                    name="maxUses"
                    inputMode="numeric"
                    description="Vacío: sin límite."
                    defaultValue={editing?.maxUses ?? ''}
                    error={error('maxUses')}
                    data-testid="cupon-usos"
                  />
                  <TextInput
                    label="Usos por cliente"
                    name="maxUsesPerCustomer"
                    inputMode="numeric"
                    description="Por correo o cuenta. Vacío: sin límite."
                    defaultValue={editing ? (editing.maxUsesPerCustomer ?? '') : '1'}
                    error={error('maxUsesPerCustomer')}
                    data-testid="cupon-usos-cliente"
                  />
                  <TextInput
                    label="Solo para el correo"
                    name="onlyEmail"
                    type="email"
                    description="Un cupón personal (por ejemplo, de cumpleaños). Vacío: para todos."
                    defaultValue={editing?.onlyEmail ?? ''}
                    error={error('onlyEmail')}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed" mt="xs">
                  Sin líneas, sub-líneas ni modelos asignados, el cupón vale para todo el carrito.
                  {editing ? ` Usado ${editing.uses} ${editing.uses === 1 ? 'vez' : 'veces'}.` : ''}
                </Text>
              </Card>
            )}
            <Group justify="space-between" wrap="wrap">
              <Checkbox name="active" label="Activo" defaultChecked={editing?.active ?? true} />
              <Group>
                <Button component={Link} to={coupon ? '/dashboard/cupones' : '/dashboard/config/descuentos'} variant="default">
                  Cancelar
                </Button>
                <Button type="submit" loading={busy} data-testid="descuento-guardar">
                  {editing ? 'Guardar cambios' : 'Registrar'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
