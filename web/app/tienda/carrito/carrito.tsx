// /carrito: the cart and the five checkout steps (cart, buyer, delivery, payment, confirmation).
// The steps live in the browser; the cart and the order live on the server.
import { Alert, Button, Container, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Link, redirect, useActionData, useFetcher, useNavigation } from 'react-router';
import { type CheckoutDraft, checkStep, emptyDraft, type FieldErrors, firstInvalidStep, orderBody } from '#domain/checkout.ts';
import { aplicarCuponV2, type CartView, editarV2, eliminarV2, quitarCuponV2, resetearV2, ver } from '#domain/contracts/carrito.ts';
import { cuentasBancarias } from '#domain/contracts/general.ts';
import { opcionesDePagos } from '#domain/contracts/mayor-cuentas.ts';
import { registrar } from '#domain/contracts/orden-compra.ts';
import { buscarVendedores } from '#domain/contracts/profile.ts';
import { CHECKOUT_STEPS, type CheckoutStep, moveCheckoutStep } from '#domain/store-constants.ts';
import { formInput, orFallback, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { cookieHeaders, currentUser, formErrors } from '#web/lib/session.ts';
import type { Route } from './+types/carrito';
import { readDraft, saveDraft } from './checkout-storage.ts';
import { CuponCarrito } from './cupon.tsx';
import { PasoCarrito } from './paso-carrito.tsx';
import { PasoConfirmacion } from './paso-confirmacion.tsx';
import { PasoDatos, PasoEnvio } from './paso-datos.tsx';
import { PasoPago } from './paso-pago.tsx';
import { ResumenPedido } from './resumen.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [cart, user, accounts, paymentOptions] = await Promise.all([
    context.api.call(ver, {}),
    currentUser(request, context.api),
    context.api.call(cuentasBancarias, { per_page: 100 }),
    context.api.call(opcionesDePagos, {}),
  ]);
  const salesmen = user ? await context.api.call(buscarVendedores, {}) : null;
  return {
    cart: unwrap(cart),
    buyer: user ? { ...user.detail, email: user.email } : null,
    accounts: orFallback(accounts, []),
    paymentOptions: orFallback(paymentOptions, []),
    salesmen: salesmen ? orFallback(salesmen, []) : [],
  };
}

type ActionResult = { message?: string; errors?: Record<string, string[]>; cart?: CartView; intent?: string };

/** Cart changes come as forms (intent); the order comes as JSON with its idempotency key. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.headers.get('content-type')?.includes('application/json')) {
    const sent = (await request.json().catch(() => null)) as { idempotencyKey?: unknown; body?: unknown } | null;
    if (!sent || typeof sent.idempotencyKey !== 'string' || sent.body === undefined) {
      return data<ActionResult>({ message: 'No pudimos leer el pedido. Recargue la página e intente de nuevo.' }, { status: 400 });
    }
    const response = await context.api.call(registrar, formInput(registrar, sent.body as Record<string, unknown>), {
      headers: { 'idempotency-key': sent.idempotencyKey },
    });
    if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
    const { orderCode, token = '' } = response.body.data;
    throw redirect(`/carrito/ver-orden?codigo=${encodeURIComponent(orderCode)}&t=${encodeURIComponent(token)}`);
  }
  const form = await request.formData();
  const intent = form.get('intent');
  // The coupon typed at step 1 or 5: kept on the cart, or a 400/422 that says why.
  if (intent === 'cupon' || intent === 'quitar-cupon') {
    const response =
      intent === 'cupon'
        ? await context.api.call(aplicarCuponV2, formInput(aplicarCuponV2, { code: String(form.get('code') ?? '') }))
        : await context.api.call(quitarCuponV2, {});
    if (!response.body.success) {
      return data<ActionResult>(
        { ...formErrors(response), intent: 'cupon' },
        { status: response.status, headers: cookieHeaders(response) },
      );
    }
    return data<ActionResult>({ cart: response.body.data, intent: 'cupon' }, { headers: cookieHeaders(response) });
  }
  const articleCode = String(form.get('articleCode') ?? '');
  const stores = [...form.entries()]
    .filter(([name]) => name.startsWith('tienda-'))
    .map(([name, value]) => ({ tiendaId: Number(name.slice(7)), quantity: Number(value) }))
    .filter((s) => s.quantity > 0);
  const response =
    intent === 'vaciar'
      ? await context.api.call(resetearV2, {})
      : intent === 'eliminar' || stores.length === 0
        ? await context.api.call(eliminarV2, { articleCode })
        : await context.api.call(editarV2, { articleCode, stores });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return data<ActionResult>({ cart: response.body.data }, { headers: cookieHeaders(response) });
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, 'Carrito'), { name: 'robots', content: 'noindex' }];
}

export default function Carrito({ loaderData }: Route.ComponentProps) {
  const { cart, buyer, accounts, paymentOptions, salesmen } = loaderData;
  const [step, setStep] = useState<CheckoutStep>(1);
  const [draft, setDraft] = useState<CheckoutDraft>(() => emptyDraft('', buyer ?? {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  const order = useFetcher<ActionResult>();
  const cartResult = useActionData<ActionResult>();
  const navigation = useNavigation();
  const sending = order.state !== 'idle' || navigation.state === 'loading';

  // The draft survives a reload of the tab; the idempotency key is made once per draft.
  useEffect(() => {
    const saved = readDraft();
    setDraft((current) => (saved?.idempotencyKey ? saved : { ...current, idempotencyKey: crypto.randomUUID() }));
  }, []);
  useEffect(() => {
    if (draft.idempotencyKey) saveDraft(draft);
  }, [draft]);

  const current = CHECKOUT_STEPS[step - 1];
  const update = (change: (d: CheckoutDraft) => CheckoutDraft) => setDraft((d) => change(structuredClone(d)));

  function go(direction: 'siguiente' | 'anterior') {
    if (direction === 'siguiente') {
      const found = checkStep(step, draft, cart);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    } else {
      setErrors({});
    }
    setStep(moveCheckoutStep(step, direction));
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  }

  function confirm() {
    const invalid = firstInvalidStep(draft, cart);
    if (invalid) {
      setStep(invalid.step);
      setErrors(invalid.errors);
      return;
    }
    void order.submit(
      { idempotencyKey: draft.idempotencyKey, body: orderBody(draft, cart) },
      { method: 'post', encType: 'application/json' },
    );
  }

  if (cart.items.length === 0) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Title order={1}>Carrito</Title>
          <Alert color="gray" data-testid="carrito-vacio">
            Su carrito está vacío.
          </Alert>
          <Button component={Link} to="/linea" w="fit-content">
            Ver el catálogo
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{step === 1 ? 'Carrito' : 'Finalizar compra'}</Title>
        <div>
          <Group justify="space-between" mb={6}>
            <Text fw={600} data-testid="paso-checkout">
              Paso {step} de 5 · {current.label}
            </Text>
            <Text size="sm" c="dimmed">
              {current.progress} %
            </Text>
          </Group>
          <Progress value={current.progress} aria-label={`Avance de la compra: ${current.progress} %`} />
        </div>
        {cartResult?.message && cartResult.intent !== 'cupon' && (
          <Alert color="red" role="alert">
            {cartResult.message}
          </Alert>
        )}
        {errors.carrito && (
          <Alert color="red" role="alert">
            {errors.carrito}
          </Alert>
        )}
        {errors.cupon && (
          <Alert color="red" role="alert" data-testid="cupon-bloquea">
            {errors.cupon}
          </Alert>
        )}
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {step === 1 && (
              <Stack gap="md">
                <PasoCarrito cart={cart} />
                <CuponCarrito cart={cart} result={cartResult?.intent === 'cupon' ? cartResult : undefined} />
              </Stack>
            )}
            {step === 2 && <PasoDatos draft={draft} update={update} errors={errors} />}
            {step === 3 && <PasoEnvio draft={draft} update={update} errors={errors} />}
            {step === 4 && (
              <PasoPago draft={draft} update={update} errors={errors} accounts={accounts} cart={cart} options={paymentOptions} />
            )}
            {step === 5 && (
              <Stack gap="md">
                <CuponCarrito cart={cart} result={cartResult?.intent === 'cupon' ? cartResult : undefined} />
                <PasoConfirmacion
                  draft={draft}
                  update={update}
                  cart={cart}
                  salesmen={salesmen}
                  loggedIn={buyer !== null}
                  result={order.data}
                />
              </Stack>
            )}
            <Group justify="space-between" mt="xl">
              {step > 1 ? (
                <Button variant="default" onClick={() => go('anterior')} disabled={sending}>
                  Atrás
                </Button>
              ) : (
                <Button variant="default" component={Link} to="/linea">
                  Seguir comprando
                </Button>
              )}
              {step < 5 ? (
                <Button onClick={() => go('siguiente')} data-testid="checkout-siguiente">
                  Siguiente
                </Button>
              ) : (
                <Button onClick={confirm} loading={sending} disabled={!draft.idempotencyKey} data-testid="checkout-confirmar">
                  Confirmar pedido
                </Button>
              )}
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ResumenPedido cart={cart} method={draft.payment.method} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
