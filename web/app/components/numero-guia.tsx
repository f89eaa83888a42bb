// The tracking number of a shipped order, whole, with the carrier's tracking page next to it
// (docs/dominio.md §Número de guía). Plain elements: it shows on the order page and in the account.
import { trackingLink } from '#domain/rastreo.ts';

export function NumeroGuia({ number, agency, testId = 'numero-guia' }: { number: string; agency: string; testId?: string }) {
  const link = trackingLink(agency, number);
  return (
    <p className="texto texto-sm">
      Número de guía: <strong data-testid={testId}>{number}</strong>
      {link && (
        <>
          {' · '}
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="enlace" data-testid="enlace-rastreo">
            {link.label}
          </a>
        </>
      )}
    </p>
  );
}
