import { Link } from 'react-router';

/** One step of the trail: a link to a page above, or (without `to`) the page the shopper is on. */
export type Miga = { label: string; to?: string };

/** The breadcrumb trail above a catalogue page (ui.css `.migas`). */
export function Migas({ items, className }: { items: Miga[]; className?: string }) {
  return (
    <nav aria-label="Ruta">
      <ol className={className ? `migas ${className}` : 'migas'}>
        {items.map((item) => (
          <li key={item.label} aria-current={item.to ? undefined : 'page'}>
            {item.to ? (
              <Link to={item.to} className="enlace">
                {item.label}
              </Link>
            ) : (
              item.label
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
