// An amount field written the Venezuelan way ("1.234,56"): numeric keyboard, and on leaving the
// field what was typed ("1234.5", "1234,5") is shown again in es-VE format. Read it with parseAmountInput.
import type { ComponentProps, FocusEvent, ReactNode } from 'react';
import { formatAmount, parseAmountInput } from '#domain/money.ts';

/** "1234.5" or "1.234,5" → "1.234,50"; anything that is not an amount is left as typed. */
export function montoVenezolano(value: string): string {
  const parsed = parseAmountInput(value);
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(parsed)) return value;
  const [whole, fraction = ''] = parsed.split('.');
  return formatAmount(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

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
