// A plain quantity stepper with big touch targets (44 px): − [n] +. Typing a number works too.
import classes from './cantidad.module.css';

export function Cantidad({
  value,
  onChange,
  max,
  min = 1,
  name,
  label,
  testId,
}: {
  value: number;
  onChange: (value: number) => void;
  max: number;
  min?: number;
  /** Form field name, when the value itself is sent. */
  name?: string;
  label: string;
  testId?: string;
}) {
  const clamp = (n: number) => Math.max(min, Math.min(max, Number.isFinite(n) ? Math.trunc(n) : min));
  return (
    <div className={classes.cantidad} role="group" aria-label={label}>
      <button
        type="button"
        className={classes.paso}
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label={`Restar uno: ${label}`}
        data-testid={testId && `${testId}-menos`}
      >
        <span aria-hidden>−</span>
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        name={name}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(clamp(Number(e.currentTarget.value.replace(/\D/g, '') || min)))}
        data-testid={testId}
        className={classes.numero}
      />
      <button
        type="button"
        className={classes.paso}
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label={`Sumar uno: ${label}`}
        data-testid={testId && `${testId}-mas`}
      >
        <span aria-hidden>+</span>
      </button>
    </div>
  );
}
