// The newsletter sign-up form, in the store's footer and on /boletin: a real form that posts to
// /boletin (the answer shows there without JavaScript, inline with it through a fetcher).
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { fieldError } from '#web/components/campo-error.ts';
import type { FormErrors } from '#web/lib/session.ts';
import classes from './formulario-boletin.module.css';

export type SuscripcionResult = FormErrors & { sent?: string; email?: string };

/** `dark`: on the footer's dark background. `initial`: the answer /boletin rendered without JavaScript. */
export function FormularioBoletin({ dark = false, initial }: { dark?: boolean; initial?: SuscripcionResult }) {
  const fetcher = useFetcher<SuscripcionResult>();
  const id = useId();
  const result = fetcher.data ?? initial;
  const busy = fetcher.state !== 'idle';
  if (result?.sent) {
    return (
      <div className={`aviso c-green ${classes.enviado} ${dark ? classes.sobreOscuro : ''}`} role="status" data-testid="boletin-enviado">
        {result.sent}
      </div>
    );
  }
  const error = result?.message && !result.errors ? result.message : fieldError(result, 'email');
  return (
    <fetcher.Form
      method="post"
      action="/boletin"
      noValidate
      data-testid="form-boletin"
      className={`${classes.formulario} ${dark ? classes.sobreOscuro : ''}`}
    >
      <div className={classes.fila}>
        <div className={`campo ${classes.campo}`}>
          <label htmlFor={id} className={dark ? classes.etiquetaClara : undefined}>
            Su correo
            <span className={classes.requerido} aria-hidden="true">
              {' *'}
            </span>
          </label>
          <input
            id={id}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="nombre@correo.com"
            defaultValue={result?.email ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <span className={`campo-error ${classes.error}`} id={`${id}-error`}>
              {error}
            </span>
          )}
        </div>
        <button
          type="submit"
          className={`boton ${classes.enviar}`}
          disabled={busy}
          data-cargando={busy || undefined}
          data-testid="suscribirme"
        >
          Suscribirme
        </button>
      </div>
      {/* People never see this field; bots fill it, and nothing is kept. */}
      <div className={classes.trampa} aria-hidden="true">
        <label>
          No llene este campo
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </fetcher.Form>
  );
}
