// A plain quantity stepper with big touch targets (44 px): − [n] +. Typing a number works too.
import { ActionIcon, Group } from '@mantine/core';

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
    <Group gap={0} wrap="nowrap" role="group" aria-label={label}>
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label={`Restar uno: ${label}`}
        data-testid={testId && `${testId}-menos`}
      >
        <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        name={name}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(clamp(Number(e.currentTarget.value.replace(/\D/g, '') || min)))}
        data-testid={testId}
        style={{ width: 48, height: 44, textAlign: 'center', fontSize: 16, fontWeight: 600, border: 0, background: 'transparent' }}
      />
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label={`Sumar uno: ${label}`}
        data-testid={testId && `${testId}-mas`}
      >
        <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}
