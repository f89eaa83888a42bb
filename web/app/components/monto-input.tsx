// The storefront's light amount field (the catalogue's price filter, without Mantine): the same
// reading and showing as CampoMonto (campo-monto.tsx), which every form uses: numeric keyboard,
// and on leaving the field what was typed ("1234.5", "1234,5") is shown again in es-VE format.
import type { ComponentProps, FocusEvent, ReactNode } from 'react';
import { montoVenezolano } from '#domain/money.ts';

export { montoVenezolano };

type MontoInputProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; className?: string };

/** A labelled text field (label.campo from ui.css); `className` goes on the label, the rest on the input. */
export function MontoInput({ label, className, onBlur, ...props }: MontoInputProps) {
  return (
    <label className={className ? `campo ${className}` : 'campo'}>
      {label}
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        {...props}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          const input = event.currentTarget;
          if (input.value) input.value = montoVenezolano(input.value);
          onBlur?.(event);
        }}
      />
    </label>
  );
}
