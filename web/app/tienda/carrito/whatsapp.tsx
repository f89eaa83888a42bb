// /carrito/whatsapp: «Pedir por WhatsApp» (decision 0033). A short form (name, WhatsApp, cédula,
// state and city) registers the cart as an order with «pago pendiente» and the delivery agreed in
// the chat, then the confirmation opens WhatsApp with the order's message. A plain <Form>: it works
// before JavaScript loads, and its idempotency key comes with the page, so a second tap is one order.
import { Alert, Button, Container, Grid, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { type CartView, ver } from '#domain/contracts/carrito.ts';
import { footerContent } from '#domain/contracts/general.ts';
import { registrarWhatsapp } from '#domain/contracts/orden-compra.ts';
import { isStaff } from '#domain/roles.ts';
import { citiesOfState, VENEZUELAN_STATES } from '#domain/venezuela.ts';
import { whatsappDigits } from '#domain/whatsapp.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { currentUser, type FormErrors, formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/whatsapp';
import { ResumenPedido } from './resumen.tsx';

const FIELDS = ['fullName', 'phone', 'dni', 'state', 'city', 'email'] as const;
type Field = (typeof FIELDS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [cart, footer, user] = await Promise.all([
    context.api.call(ver, {}),
    context.api.call(footerContent, {}),
    currentUser(request, context.api),
  ]);
  const items = unwrap(cart);
  const number = footer.body.success ? footer.body.data.whatsapp : '';
  // Nothing to order, or no number to write to: the cart's own checkout.
  if (items.items.length === 0 || !whatsappDigits(number)) throw redirect('/carrito');
  // A customer's data fill the form; staff order for someone else.
  const own = user && !isStaff(user.roles) ? user : null;
  const values: Record<Field, string> = {
    fullName: own?.detail.fullName ?? '',
    phone: own?.detail.phone ?? '',
    dni: own?.detail.dni ?? '',
    state: own?.detail.state ?? '',
    city: own?.detail.city ?? '',
    email: own?.email ?? '',
  };
  return { cart: items, values, idempotencyKey: crypto.randomUUID(), order: JSON.stringify(orderedItems(items)) };
}

/** What the page orders: the cart as it was shown, so a repeated submit is the same request (one order). */
function orderedItems(cart: CartView) {
  return {
    items: cart.items.map((item) => ({
      articleCode: item.articleCode,
      stores: item.stores.map((s) => ({ tiendaId: s.id, quantity: s.quantity })),
    })),
    // The coupon the cart showed, named: the server checks it again and prices with it.
    coupon: cart.coupon?.code ?? null,
  };
}

function parseOrdered(value: string): ReturnType<typeof orderedItems> | null {
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && 'items' in parsed ? (parsed as ReturnType<typeof orderedItems>) : null;
  } catch {
    return null;
  }
}

type ActionResult = FormErrors & { values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values = Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<Field, string>;
  const ordered = parseOrdered(text('order'));
  if (!ordered)
    return data<ActionResult>({ message: 'No pudimos leer el pedido. Recargue la página e intente de nuevo.', values }, { status: 400 });
  const response = await context.api.call(
    registrarWhatsapp,
    formInput(registrarWhatsapp, { user: values, ...ordered, comment: text('comment') }),
    { headers: { 'idempotency-key': text('idempotencyKey') } },
  );
  if (!response.body.success) {
    return data<ActionResult>({ ...formErrors(response), values: { ...values, comment: text('comment') } }, { status: response.status });
  }
  const { orderCode, token = '' } = response.body.data;
  throw redirect(`/carrito/ver-orden?codigo=${encodeURIComponent(orderCode)}&t=${encodeURIComponent(token)}&whatsapp=abrir`);
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Pedir por WhatsApp'), { name: 'robots', content: 'noindex' }];
}

export default function PedirPorWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, idempotencyKey, order } = loaderData;
  const values = { ...loaderData.values, ...actionData?.values };
  const navigation = useNavigation();
  const [state, setState] = useState(values.state);
  const cities = state ? citiesOfState(state).map((c) => c.name) : [];
  const error = (field: string) => actionData?.errors?.[`user.${field}`]?.[0] ?? actionData?.errors?.[field]?.[0];
  const fieldErrors = Object.keys(actionData?.errors ?? {}).length > 0;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>Pedir por WhatsApp</Title>
        <Text>
          Reservamos sus artículos con estos datos y le abrimos WhatsApp con el pedido listo para enviar. El pago y el envío los acordamos
          con usted por el chat.
        </Text>
        {actionData?.message && (
          <Alert color="red" role="alert" data-testid="whatsapp-error">
            {fieldErrors ? 'Revise los datos marcados.' : actionData.message}
          </Alert>
        )}
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Form method="post" aria-label="Pedir por WhatsApp" data-testid="form-whatsapp">
              <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
              <input type="hidden" name="order" value={order} />
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Nombre completo"
                    name="fullName"
                    defaultValue={values.fullName}
                    error={error('fullName')}
                    autoComplete="name"
                    required
                  />
                  <CampoTelefono
                    label="WhatsApp"
                    description="Su celular, donde le escribimos"
                    name="phone"
                    defaultValue={values.phone}
                    error={error('phone')}
                    autoComplete="tel"
                    required
                  />
                  <CampoDocumento label="Cédula o RIF" name="dni" defaultValue={values.dni} error={error('dni')} required />
                  <TextInput
                    label="Correo electrónico (opcional)"
                    description="Para recibir también los avisos por correo"
                    name="email"
                    type="email"
                    inputMode="email"
                    defaultValue={values.email}
                    error={error('email')}
                    autoComplete="email"
                  />
                  <NativeSelect
                    label="Estado"
                    name="state"
                    value={state}
                    onChange={(e) => setState(e.currentTarget.value)}
                    data={[{ value: '', label: 'Elija un estado' }, ...VENEZUELAN_STATES.map((s) => s.name)]}
                    error={error('state')}
                    autoComplete="address-level1"
                    required
                  />
                  {/* Typed or chosen: the list follows the state, but a town not listed is fine too. */}
                  <TextInput
                    label="Ciudad"
                    name="city"
                    list="ciudades-whatsapp"
                    defaultValue={values.city}
                    error={error('city')}
                    autoComplete="address-level2"
                    required
                  />
                  <datalist id="ciudades-whatsapp">
                    {cities.map((city) => (
                      <option key={city} value={city} />
                    ))}
                  </datalist>
                </SimpleGrid>
                <Textarea
                  label="Comentario (opcional)"
                  name="comment"
                  maxLength={500}
                  autosize
                  minRows={2}
                  defaultValue={actionData?.values?.comment}
                  error={error('comment')}
                />
                {error('items') && (
                  <Alert color="red" role="alert">
                    {error('items')}
                  </Alert>
                )}
                <Text size="sm" c="dimmed">
                  Sus artículos quedan reservados mientras acordamos el pago; si no se paga a tiempo, la orden se anula sola.
                </Text>
                <Stack gap="xs">
                  <Button type="submit" color="green" size="md" loading={navigation.state === 'submitting'} data-testid="whatsapp-enviar">
                    Pedir y abrir WhatsApp
                  </Button>
                  <Button component={Link} to="/carrito" variant="default">
                    Volver al carrito
                  </Button>
                </Stack>
              </Stack>
            </Form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ResumenPedido cart={cart} method="pago-pendiente" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
