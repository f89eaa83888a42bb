// The one cédula/RIF field and the one phone field of every form (checkout, registro, mi cuenta,
// the dashboard's customers, suppliers, stores…): what the person types is read by
// domain/identidad.ts, shown again in its stored form on leaving the field («v 18.456.789» →
// V-18456789, «04145550101» → 0414-555-0101), and a text that is none says why there and then.
// A RIF whose check digit is not SENIAT's shows a warning under the field: staff may keep it, the
// server accepts it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useState } from 'react';
import { EJEMPLO_DOCUMENTO, EJEMPLO_TELEFONO, leerDocumento, leerTelefono } from '#domain/identidad.ts';

type CampoProps = Omit<TextInputProps, 'type'>;

/** Sets a controlled or uncontrolled input's value the way typing does, so React's onChange sees it. */
export function escribirEnCampo(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type Lectura = { ok: true; valor: string; aviso?: string | null } | { ok: false; error: string };

function CampoLeido({
  leer,
  onBlur,
  onFocus,
  error,
  description,
  testAviso,
  ...props
}: CampoProps & { leer: (texto: string) => Lectura; testAviso?: string; type?: 'text' | 'tel' }) {
  const [problema, setProblema] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  return (
    <TextInput
      type="text"
      autoComplete="off"
      description={
        aviso ? (
          <span className="campo-aviso" role="status" data-testid={testAviso}>
            {aviso}
          </span>
        ) : (
          description
        )
      }
      error={error ?? problema}
      {...props}
      onFocus={(event) => {
        setProblema(null);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const typed = input.value;
        setAviso(null);
        if (typed.trim() !== '') {
          const lectura = leer(typed);
          if (lectura.ok) {
            if (lectura.valor !== typed) escribirEnCampo(input, lectura.valor);
            setAviso(lectura.aviso ?? null);
          } else setProblema(lectura.error);
        }
        onBlur?.(event);
      }}
    />
  );
}

/** Cédula or RIF: V, E, J, P, G or C, with or without dashes and dots; a bare number is a V- cédula. */
export function CampoDocumento({ placeholder = 'V-18456789 o J-50123456-6', description, ...props }: CampoProps) {
  return (
    <CampoLeido
      leer={leerDocumento}
      placeholder={placeholder}
      description={description ?? `Ejemplo: ${EJEMPLO_DOCUMENTO}`}
      autoCapitalize="characters"
      testAviso="aviso-rif"
      {...props}
    />
  );
}

/** A phone: 11 digits (04xx or 02xx and seven more), or another country's with +. */
export function CampoTelefono({ placeholder = EJEMPLO_TELEFONO, ...props }: CampoProps) {
  return <CampoLeido leer={leerTelefono} placeholder={placeholder} type="tel" inputMode="tel" {...props} />;
}
