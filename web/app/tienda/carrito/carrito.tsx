// /carrito: the cart and the five checkout steps (cart, buyer, delivery, payment, confirmation).
// The step is in the URL (?paso=N, one history entry each: the phone's Back goes to the previous
// step and a reload stays on it); the draft lives in the tab; the cart and the order on the server.
// The cart itself is plain HTML; steps 2 to 5, built with Mantine, load when the buyer goes on
// (pasos-con-mantine.tsx), so a shopper who opens the cart downloads none of Mantine.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router';
import {
  type Buyer,
  type CheckoutDraft,
  checkCart,
  draftShipping,
  emptyDraft,
  type FieldErrors,
  orderBody,
  pickupStoresOf,
} from '#domain/checkout.ts';
import {
  aplicarCuponV2,
  type CartView,
  cuponDelComprador,
  editarV2,
  eliminarV2,
  quitarCuponV2,
  resetearV2,
  tiendasDeEnvio,
  ver,
} from '#domain/contracts/carrito.ts';
import { tarifasEnvio } from '#domain/contracts/envios.ts';
import { cuentasBancarias } from '#domain/contracts/general.ts';
import { opcionesDePagos } from '#domain/contracts/mayor-cuentas.ts';
import { registrar } from '#domain/contracts/orden-compra.ts';
import { iniciarPaypal, iniciarTarjeta, metodosEnLinea } from '#domain/contracts/pagos-en-linea.ts';
import { buscarVendedores } from '#domain/contracts/profile.ts';
import { CHECKOUT_STEPS, checkoutStepOf, moveCheckoutStep } from '#domain/store-constants.ts';
import { formInput, orFallback, unwrap } from '#web/lib/api.ts';
import { marcarHojasCargadas } from '#web/lib/hojas-de-estilo.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { adelantar } from '#web/lib/recarga-modulo.ts';
import { cookieHeaders, currentUser, formErrors } from '#web/lib/session.ts';
import type { MinimalHeader } from '../layout.tsx';
import type { Route } from './+types/carrito';
import { BotonPedirPorWhatsapp } from './boton-whatsapp.tsx';
import classes from './carrito.module.css';
import { readDraft, saveDraft } from './checkout-storage.ts';
import { CuponCarrito } from './cupon.tsx';
import { PasoCarrito } from './paso-carrito.tsx';
import { ResumenPedido } from './resumen.tsx';

// Steps 2 to 5 and their checks (with zod): loaded once; asked again after a failed attempt.
let pasos: ReturnType<typeof importarPasos> | undefined;
const importarPasos = () => import('./pasos-con-mantine.tsx');
function cargarPasos() {
  if (!pasos) {
    marcarHojasCargadas();
    pasos = importarPasos();
    pasos.catch(() => {
      pasos = undefined;
    });
  }
  return pasos;
}
const PasosConMantine = lazy(cargarPasos);

export async function loader({ request, context }: Route.LoaderArgs) {
  const [cart, user, accounts, paymentOptions, stores, rates, online] = await Promise.all([
    context.api.call(ver, {}),
    currentUser(request, context.api),
    context.api.call(cuentasBancarias, { per_page: 100 }),
    context.api.call(opcionesDePagos, {}),
    context.api.call(tiendasDeEnvio, {}),
    context.api.call(tarifasEnvio, {}),
    context.api.call(metodosEnLinea, {}),
  ]);
  const salesmen = user ? await context.api.call(buscarVendedores, {}) : null;
  return {
    cart: unwrap(cart),
    buyer: user ? { ...user.detail, email: user.email } : null,
    accounts: orFallback(accounts, []),
    paymentOptions: orFallback(paymentOptions, []),
    // A pickup is at one of the stores that ship.
    pickupStores: orFallback(stores, []).filter((s) => s.ships),
    // Every agency's rate by state: the delivery step quotes them (the order is charged on the server).
    rates: orFallback(rates, []),
    online: orFallback(online, { paypal: false, tarjeta: false }),
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
    // Paid online (PayPal without a reference, or a card): the buyer goes to the provider's page; if
    // the provider does not answer, to the order, which offers to try again.
    const payment = (sent.body as { payment?: { method?: string; reference?: string } }).payment;
    if ((payment?.method === 'paypal' || payment?.method === 'tarjeta') && !payment.reference) {
      const started = await context.api.call(payment.method === 'paypal' ? iniciarPaypal : iniciarTarjeta, { code: orderCode, t: token });
      if (started.body.success) throw redirect(started.body.data.approvalUrl);
    }
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

/**
 * At step 2 the e-mail is known: the cart's coupon is checked for it (its limit per customer, a
 * personal coupon of someone else) before the buyer goes on, not only when the order is sent. If the
 * check cannot be made (no network), the buyer goes on: registering the order checks it again.
 */
async function couponForBuyer(cart: CartView, email: string): Promise<FieldErrors> {
  if (!cart.coupon) return {};
  try {
    const response = await fetch(`/api${cuponDelComprador.path}`, {
      method: cuponDelComprador.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const answer = (await response.json()) as { data?: { message: string | null } };
    const message = response.ok ? answer.data?.message : null;
    return message ? { email: `${message} Quítelo en el carrito para continuar con este correo.` } : {};
  } catch {
    return {};
  }
}

/** Steps 2 to 5 get the store's minimal header: no search, lines or footer to leave the purchase by. */
export const handle: MinimalHeader = { minimalHeader: (search) => checkoutStepOf(new URLSearchParams(search).get('paso')) > 1 };

/** Moving between steps changes only ?paso: the cart and the accounts need not be read again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutStep = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('paso');
    return params.toString();
  };
  return withoutStep(currentUrl) === withoutStep(nextUrl) ? false : defaultShouldRevalidate;
}

/** The first field with an error gets the focus, in view (an alert when the error is not a field's). */
function focusFirstError(container: HTMLElement | null) {
  const target = container?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (!target) return;
  if (target.getAttribute('role') === 'alert') target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

export function meta({ matches }: Route.MetaArgs) {
  // One address for the cart and its steps (?paso=…, closed in robots.txt).
  return pageMeta(matches, 'Carrito', {
    path: '/carrito',
    description: 'Su carrito de compras: revise sus artículos, elija el envío o el retiro en tienda y pague en dólares o bolívares.',
  });
}

export default function Carrito({ loaderData }: Route.ComponentProps) {
  const { cart, buyer, accounts, paymentOptions, pickupStores, salesmen, rates, online } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const step = checkoutStepOf(new URLSearchParams(location.search).get('paso'));
  const [draft, setDraft] = useState<CheckoutDraft>(() => emptyDraft('', buyer ?? {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [restored, setRestored] = useState(false);
  const [estadoPasos, setEstadoPasos] = useState<'cargando' | 'listos' | 'sin-cargar'>('cargando');
  const pasosListos = estadoPasos === 'listos';
  // Bumped on each refused "Siguiente", so the same errors focus the first field again.
  const [attempt, setAttempt] = useState(0);
  const page = useRef<HTMLDivElement>(null);
  const order = useFetcher<ActionResult>();
  const cartResult = useActionData<ActionResult>();
  const navigation = useNavigation();
  const sending = order.state !== 'idle' || navigation.state === 'loading';

  // The draft survives a reload of the tab; the idempotency key is made once per draft.
  useEffect(() => {
    const saved = readDraft();
    setDraft((current) => {
      if (!saved?.idempotencyKey) return { ...current, idempotencyKey: crypto.randomUUID() };
      // After logging in halfway, the profile fills what the draft left blank.
      const user = Object.fromEntries(
        Object.entries(current.user).map(([field, value]) => [field, saved.user?.[field as keyof Buyer] || value]),
      ) as Buyer;
      return { ...current, ...saved, user };
    });
    setRestored(true);
  }, []);
  useEffect(() => {
    if (draft.idempotencyKey) saveDraft(draft);
  }, [draft]);

  // On a later step, its code: until it is in, a placeholder and no «Siguiente». A reload or a shared
  // link on a later step with earlier steps unfinished goes back to the first of them before drawing
  // anything (after «Siguiente», the earlier steps are done and nothing moves).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is checked as it came back from the tab.
  useEffect(() => {
    if (!restored || step === 1 || estadoPasos !== 'cargando') return;
    let vigente = true;
    cargarPasos().then(
      ({ firstInvalidStep }) => {
        if (!vigente) return;
        const invalid = firstInvalidStep(draft, cart, rates);
        if (invalid && invalid.step < step) void navigate(`/carrito?paso=${invalid.step}`, { replace: true });
        setEstadoPasos('listos');
      },
      () => {
        if (vigente) setEstadoPasos('sin-cargar');
      },
    );
    return () => {
      vigente = false;
    };
  }, [restored, step, estadoPasos]);

  // The step changed (buttons, Back, Forward): the errors are the new step's, if the confirmation sent us there.
  const pendingErrors = useRef<FieldErrors | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the step only.
  useEffect(() => {
    if (pendingErrors.current) showErrors(pendingErrors.current);
    else setErrors({});
    pendingErrors.current = null;
  }, [step]);

  useEffect(() => {
    if (attempt > 0) focusFirstError(page.current);
  }, [attempt]);

  // With articles in the cart, the later steps' code comes while the buyer reads it: «Siguiente» does not wait.
  useEffect(() => {
    if (cart.items.length === 0) return;
    const timer = window.setTimeout(() => adelantar(cargarPasos), 1000);
    return () => window.clearTimeout(timer);
  }, [cart.items.length]);

  const current = CHECKOUT_STEPS[step - 1];
  // A pickup only where every unit already is (docs/dominio.md §Retiro en tienda).
  const holding = pickupStoresOf(cart.items.map((item) => item.stores.map((s) => s.id)));
  const pickupHere = pickupStores.filter((s) => holding.includes(s.id));
  const shipping = draftShipping(draft, rates);
  const shippingCents = shipping?.cents ?? 0;
  const update = useCallback((change: (d: CheckoutDraft) => CheckoutDraft) => setDraft((d) => change(structuredClone(d))), []);

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setAttempt((n) => n + 1);
  }

  async function go(direction: 'siguiente' | 'anterior') {
    if (direction === 'siguiente') {
      const found = step === 1 ? checkCart(cart) : (await cargarPasos()).checkStep(step, draft, cart, rates);
      if (Object.keys(found).length > 0) return showErrors(found);
      const coupon = step === 2 ? await couponForBuyer(cart, draft.user.email) : {};
      if (Object.keys(coupon).length > 0) return showErrors(coupon);
      void navigate(`/carrito?paso=${moveCheckoutStep(step, 'siguiente')}`, { state: { from: step } });
      return;
    }
    // Back to the step we came from is the history's own Back, so the phone's Back and this agree.
    if ((location.state as { from?: number } | null)?.from === step - 1) void navigate(-1);
    else void navigate(`/carrito?paso=${moveCheckoutStep(step, 'anterior')}`, { replace: true });
  }

  async function confirm() {
    const invalid = (await cargarPasos()).firstInvalidStep(draft, cart, rates);
    if (invalid) {
      if (invalid.step === step) return showErrors(invalid.errors);
      pendingErrors.current = invalid.errors;
      void navigate(`/carrito?paso=${invalid.step}`);
      return;
    }
    void order.submit(
      { idempotencyKey: draft.idempotencyKey, body: orderBody(draft, cart) },
      { method: 'post', encType: 'application/json' },
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className={`contenedor contenedor-sm ${classes.pagina}`}>
        <div className="pila">
          <h1 className="titulo">Carrito</h1>
          <div className="aviso c-gray" role="status" data-testid="carrito-vacio">
            Su carrito está vacío.
          </div>
          <Link to="/linea" className="boton" style={{ width: 'fit-content' }}>
            Ver el catálogo
          </Link>
        </div>
      </div>
    );
  }

  const coupon = <CuponCarrito cart={cart} result={cartResult?.intent === 'cupon' ? cartResult : undefined} />;
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`} ref={page}>
      <div className="pila gap-lg">
        <h1 className="titulo">{step === 1 ? 'Carrito' : 'Finalizar compra'}</h1>
        <div>
          <div className={classes.avance}>
            <p className="texto semi" data-testid="paso-checkout">
              Paso {step} de 5 · {current.label}
            </p>
            <p className="texto texto-sm tenue">{current.progress} %</p>
          </div>
          <div
            className={classes.barra}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={current.progress}
            aria-label={`Avance de la compra: ${current.progress} %`}
          >
            <div style={{ width: `${current.progress}%` }} />
          </div>
        </div>
        {cartResult?.message && cartResult.intent !== 'cupon' && (
          <div className="aviso c-red" role="alert">
            {cartResult.message}
          </div>
        )}
        {errors.carrito && (
          <div className="aviso c-red" role="alert">
            {errors.carrito}
          </div>
        )}
        {errors.cupon && (
          <div className="aviso c-red" role="alert" data-testid="cupon-bloquea">
            {errors.cupon}
          </div>
        )}
        <div className={classes.columnas}>
          <div>
            {step === 1 ? (
              <div className="pila">
                <PasoCarrito cart={cart} />
                {coupon}
              </div>
            ) : estadoPasos === 'sin-cargar' ? (
              <PasoSinCargar />
            ) : pasosListos ? (
              <Suspense fallback={<PasoCargando />}>
                <PasosConMantine
                  step={step}
                  draft={draft}
                  update={update}
                  errors={errors}
                  cart={cart}
                  coupon={coupon}
                  buyer={buyer}
                  accounts={accounts}
                  paymentOptions={paymentOptions}
                  online={online}
                  rates={rates}
                  salesmen={salesmen}
                  pickupStores={pickupHere}
                  shipping={shipping}
                  shippingCents={shippingCents}
                  result={order.data}
                />
              </Suspense>
            ) : (
              <PasoCargando />
            )}
            <div className={`fila ${classes.botones}`}>
              {step > 1 ? (
                <button type="button" className="boton boton-neutro" onClick={() => void go('anterior')} disabled={sending}>
                  Atrás
                </button>
              ) : (
                <Link to="/linea" className="boton boton-neutro">
                  Seguir comprando
                </Link>
              )}
              {step < 5 ? (
                <button
                  type="button"
                  className="boton"
                  onClick={() => void go('siguiente')}
                  disabled={step > 1 && !pasosListos}
                  data-testid="checkout-siguiente"
                >
                  Siguiente
                </button>
              ) : (
                <button
                  type="button"
                  className="boton"
                  onClick={() => void confirm()}
                  data-cargando={sending || undefined}
                  disabled={sending || !draft.idempotencyKey || !pasosListos}
                  data-testid="checkout-confirmar"
                >
                  Confirmar pedido
                </button>
              )}
            </div>
            {step === 1 && <BotonPedirPorWhatsapp />}
          </div>
          <ResumenPedido cart={cart} method={draft.payment.method} shipping={shipping} />
        </div>
      </div>
    </div>
  );
}

/** Until the later steps' code is in: a reload on step 2 to 5 draws the step once the draft is back from the tab. */
function PasoCargando() {
  return (
    <div className={`esqueleto ${classes.cargando}`} role="status">
      <span className="visually-hidden">Cargando el paso…</span>
    </div>
  );
}

/** The later steps' code could not be fetched (no connection, a new version of the store): the draft is kept in the tab. */
function PasoSinCargar() {
  return (
    <div className="aviso c-red pila gap-sm" role="alert" data-testid="paso-sin-cargar">
      <p className="texto">No pudimos cargar este paso. Revise su conexión y vuelva a intentarlo: sus datos siguen guardados.</p>
      <button type="button" className="boton" style={{ width: 'fit-content' }} onClick={() => window.location.reload()}>
        Reintentar
      </button>
    </div>
  );
}
