// Checkout steps 2 to 5 (buyer, delivery, payment, confirmation), built with Mantine. carrito.tsx
// loads this file when the buyer goes past the cart, so the cart itself loads none of Mantine, nor
// zod: the steps' checks come with this file.
import type { ComponentProps, ReactNode } from 'react';
import { ProveedorMantine } from '#web/components/proveedor-mantine.tsx';
import { PasoConfirmacion } from './paso-confirmacion.tsx';
import { PasoDatos } from './paso-datos.tsx';
import { PasoEnvio } from './paso-envio.tsx';
import { PasoPago } from './paso-pago.tsx';

export { checkStep, firstInvalidStep } from '#domain/checkout-pasos.ts';

type Confirmacion = ComponentProps<typeof PasoConfirmacion>;
type Pago = ComponentProps<typeof PasoPago>;

export type PasosProps = Pick<Confirmacion, 'draft' | 'update' | 'errors' | 'cart' | 'salesmen' | 'pickupStores' | 'shipping' | 'result'> &
  Pick<Pago, 'accounts' | 'shippingCents' | 'online'> & {
    step: number;
    /** The coupon form, shown again above the confirmation. */
    coupon: ReactNode;
    buyer: unknown;
    paymentOptions: Pago['options'];
    rates: ComponentProps<typeof PasoEnvio>['rates'];
  };

export default function PasosConMantine({ step, coupon, buyer, paymentOptions, rates, ...props }: PasosProps) {
  const { draft, update, errors, cart } = props;
  return (
    <ProveedorMantine>
      {step === 2 && <PasoDatos draft={draft} update={update} errors={errors} loggedIn={buyer !== null} />}
      {step === 3 && <PasoEnvio draft={draft} update={update} errors={errors} stores={props.pickupStores} rates={rates} />}
      {step === 4 && (
        <PasoPago
          draft={draft}
          update={update}
          errors={errors}
          accounts={props.accounts}
          cart={cart}
          options={paymentOptions}
          shippingCents={props.shippingCents}
          online={props.online}
        />
      )}
      {step === 5 && (
        <div className="pila">
          {coupon}
          <PasoConfirmacion
            draft={draft}
            update={update}
            cart={cart}
            salesmen={props.salesmen}
            pickupStores={props.pickupStores}
            shipping={props.shipping}
            loggedIn={buyer !== null}
            errors={errors}
            result={props.result}
          />
        </div>
      )}
    </ProveedorMantine>
  );
}
