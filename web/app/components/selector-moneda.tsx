// USD / Bs. switch. A real form, so it works before JavaScript loads; with JS it posts in place.
import { SegmentedControl } from '@mantine/core';
import { useFetcher, useLocation } from 'react-router';
import { useRootData } from '#web/root.tsx';

export function SelectorMoneda() {
  const { currency } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get('moneda');
  const value = typeof pending === 'string' ? pending : currency;
  return (
    <fetcher.Form method="post" action="/preferencias/moneda">
      <input type="hidden" name="volver" value={location.pathname + location.search} />
      <SegmentedControl
        size="xs"
        aria-label="Moneda"
        value={value}
        data={[
          { value: 'USD', label: 'USD' },
          { value: 'VES', label: 'Bs.' },
        ]}
        onChange={(moneda) =>
          fetcher.submit({ moneda, volver: location.pathname + location.search }, { method: 'post', action: '/preferencias/moneda' })
        }
      />
      <noscript>
        <button type="submit" name="moneda" value={currency === 'USD' ? 'VES' : 'USD'}>
          Cambiar a {currency === 'USD' ? 'Bs.' : 'USD'}
        </button>
      </noscript>
    </fetcher.Form>
  );
}
