// USD / Bs. switch: two submit buttons of a real form, so it works the same before JavaScript loads
// (a full post and a redirect back) and after (fetcher posts in place, the prices change at once).
import { useFetcher, useLocation } from 'react-router';
import { useRootData } from '#web/root.tsx';
import classes from './selector-moneda.module.css';

const OPTIONS = [
  { value: 'USD', label: 'USD', title: 'Ver precios en dólares' },
  { value: 'VES', label: 'Bs.', title: 'Ver precios en bolívares' },
] as const;

export function SelectorMoneda() {
  const { currency } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get('moneda');
  const value = typeof pending === 'string' ? pending : currency;
  return (
    <fetcher.Form method="post" action="/preferencias/moneda" aria-label="Moneda">
      <input type="hidden" name="volver" value={location.pathname + location.search} />
      <div className={classes.grupo} role="group">
        {OPTIONS.map((o) => (
          <button
            key={o.value}
            type="submit"
            name="moneda"
            value={o.value}
            className={classes.opcion}
            aria-pressed={value === o.value}
            title={o.title}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}
