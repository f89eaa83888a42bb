// State and city of a checkout address: the city list follows the state.
import { NativeSelect } from '@mantine/core';
import type { FieldErrors } from '#domain/checkout.ts';
import { citiesOfState, VENEZUELAN_STATES } from '#domain/venezuela.ts';

export function Lugar({
  value,
  onChange,
  errors,
  prefix,
  section,
}: {
  value: { state: string; city: string };
  onChange: (field: 'state' | 'city', value: string) => void;
  errors: FieldErrors;
  prefix: string;
  /** The browser's autofill section: the buyer's own address or the shipping one. */
  section?: 'shipping';
}) {
  const auto = (field: string) => (section ? `${section} ${field}` : field);
  const cities = value.state ? citiesOfState(value.state).map((c) => c.name) : [];
  return (
    <>
      <NativeSelect
        label="Estado"
        id={`${prefix}-state`}
        value={value.state}
        onChange={(e) => onChange('state', e.currentTarget.value)}
        data={[{ value: '', label: 'Elija un estado' }, ...VENEZUELAN_STATES.map((s) => s.name)]}
        error={errors.state}
        autoComplete={auto('address-level1')}
        required
      />
      <NativeSelect
        label="Ciudad"
        id={`${prefix}-city`}
        value={value.city}
        onChange={(e) => onChange('city', e.currentTarget.value)}
        data={[{ value: '', label: value.state ? 'Elija una ciudad' : 'Elija primero el estado' }, ...cities]}
        error={errors.city}
        disabled={!value.state}
        autoComplete={auto('address-level2')}
        required
      />
    </>
  );
}
