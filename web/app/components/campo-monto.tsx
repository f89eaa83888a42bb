// The one amount field of every form, dashboard and storefront: written the Venezuelan way
// ("15.000,00", "1234,56", and "1234.56" too), read by leerMonto (domain/money.ts) and shown again
// in es-VE on leaving the field; a text that is no amount says why there and then. The server reads
// the same texts (campos.ts amount), so the form may send what was typed or parseAmountInput of it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useState } from 'react';
import { EJEMPLO_MONTO, leerMonto, montoVenezolano } from '#domain/money.ts';
import { escribirEnCampo } from './campo-identidad.tsx';

export type CampoMontoProps = Omit<TextInputProps, 'type' | 'inputMode'> & {
  /** How the validation message names the amount ("El precio", "La promoción"). */
  etiqueta?: string;
};

export function CampoMonto({ etiqueta = 'El monto', onBlur, onFocus, error, description, ...props }: CampoMontoProps) {
  const [aviso, setAviso] = useState<string | null>(null);
  return (
    <TextInput
      type="text"
      inputMode="decimal"
      autoComplete="off"
      description={description === undefined ? `Ejemplo: ${EJEMPLO_MONTO}` : description}
      error={error ?? aviso}
      {...props}
      onFocus={(event) => {
        setAviso(null);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const typed = input.value;
        if (typed.trim() !== '') {
          const lectura = leerMonto(typed, { etiqueta });
          if (lectura.ok) {
            const shown = montoVenezolano(typed);
            if (shown !== typed) escribirEnCampo(input, shown);
          } else setAviso(lectura.error);
        }
        onBlur?.(event);
      }}
    />
  );
}
