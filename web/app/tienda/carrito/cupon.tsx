// The coupon of the cart (checkout steps 1 and 5): type a code, or see the one applied and remove it.
// A real form: it works before the scripts load; the API says why a code cannot be used.
import { useEffect, useId, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import type { CartView } from '#domain/contracts/carrito.ts';
import { describeRule } from '#domain/descuentos.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { usePrecio } from '#web/components/precio.tsx';
import type { FormErrors } from '#web/lib/session.ts';
import classes from './cupon.module.css';

export function CuponCarrito({ cart, result }: { cart: CartView; result: FormErrors | undefined }) {
  const format = usePrecio();
  const navigation = useNavigation();
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  const busy = navigation.state === 'submitting' && ['cupon', 'quitar-cupon'].includes(String(navigation.formData?.get('intent')));
  const { coupon } = cart;
  const error = fieldError(result, 'code') ?? result?.message;
  // A refused code: back to the field, which says why (the button was disabled while sending).
  useEffect(() => {
    if (error && !coupon) field.current?.focus();
  }, [error, coupon]);
  if (coupon) {
    return (
      <div className={`tarjeta ${classes.cupon}`} data-testid="cupon-aplicado" data-aplica={coupon.applies ? 'si' : 'no'}>
        <div className={`fila gap-xs ${classes.aplicado}`}>
          <div>
            <p className="texto texto-sm semi">
              Cupón {coupon.code}
              {coupon.name ? ` · ${coupon.name}` : ''}
              {coupon.applies ? ` (${describeRule(coupon.kind, coupon.value)})` : ''}
            </p>
            {coupon.applies ? (
              <p className={`texto texto-sm ${classes.descuenta}`} data-testid="cupon-descuento">
                Descuenta {format(coupon.discount)}
              </p>
            ) : (
              <p className={`texto texto-sm ${classes.motivo}`} data-testid="cupon-motivo">
                {coupon.message}
              </p>
            )}
          </div>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="quitar-cupon"
              className="boton boton-sutil boton-xs c-red"
              data-cargando={busy || undefined}
              disabled={busy}
              data-testid="cupon-quitar"
            >
              Quitar cupón
            </button>
          </Form>
        </div>
      </div>
    );
  }
  return (
    <div className={`tarjeta ${classes.cupon}`}>
      <Form method="post" aria-label="Cupón de descuento" className={`fila gap-sm ${classes.formulario}`}>
        <div className={`campo ${classes.campo}`}>
          <label htmlFor={fieldId}>¿Tiene un cupón?</label>
          <input
            ref={field}
            id={fieldId}
            name="code"
            placeholder="Código del cupón"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="cupon-codigo"
          />
          {error && (
            <span className="campo-error" id={errorId}>
              {error}
            </span>
          )}
        </div>
        <button
          type="submit"
          name="intent"
          value="cupon"
          className="boton boton-claro"
          data-cargando={busy || undefined}
          disabled={busy}
          data-testid="cupon-aplicar"
        >
          Aplicar
        </button>
      </Form>
    </div>
  );
}
