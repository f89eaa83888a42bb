// The article page's size suggestion: on a children's article, for a logged-in customer with
// children on the profile, «Talla sugerida para Ana (7 años): 8 años», one line per child (the rule
// is domain/articulo-infantil.ts); the size is a link that picks it.
import { Link } from 'react-router';
import { edadEnPalabras, type SugerenciaDeTalla, sugerenciasDeTalla, tipoDeTallaInfantil } from '#domain/articulo-infantil.ts';
import type { ApiClient } from '#domain/contracts/api-client.ts';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { obtenerHijos } from '#domain/contracts/profile.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { hasSessionCookie } from '#web/lib/session.ts';

/** A suggestion with the child's age already in words («7 años»), so the page needs no rule of its own. */
export type SugerenciaConEdad = SugerenciaDeTalla & { edadEnPalabras: string };

/**
 * For the loader: the suggestions for the visitor's children. The profile is read only with a
 * session cookie and on a children's article, so other page views cost nothing more; any failure
 * (an expired session) means no suggestion, never an error page. The rules (articulo-infantil.ts)
 * run here, on the server: the browser gets only their result.
 */
export async function sugerenciasDelVisitante(request: Request, api: ApiClient, article: ArticleDetail): Promise<SugerenciaConEdad[]> {
  if (!hasSessionCookie(request) || !tipoDeTallaInfantil(article)) return [];
  const response = await api.call(obtenerHijos, {});
  if (!response.body.success) return [];
  return sugerenciasDeTalla(article, response.body.data, caracasIsoDate(new Date())).map((s) => ({
    ...s,
    edadEnPalabras: edadEnPalabras(s.edad),
  }));
}

export function TallaSugerida({
  sugerencias,
  selectedSize,
  pathOf,
}: {
  sugerencias: readonly SugerenciaConEdad[];
  selectedSize: string | null;
  /** The article page in a size. */
  pathOf: (sizeCode: string) => string;
}) {
  if (sugerencias.length === 0) return null;
  return (
    <div className="pila" style={{ gap: 2 }} data-testid="talla-sugerida">
      {sugerencias.map((s, i) => (
        <p key={`${i}-${s.nombre}`} className="texto texto-sm">
          Talla sugerida para {s.nombre} ({s.edadEnPalabras}):{' '}
          {s.code === selectedSize ? (
            <span className="semi">{s.label}</span>
          ) : (
            <Link
              to={pathOf(s.code)}
              preventScrollReset
              className="enlace"
              style={{ fontWeight: 600 }}
              aria-label={`Elegir la talla ${s.label} para ${s.nombre}`}
            >
              {s.label}
            </Link>
          )}
          {!s.enExistencia && ' (agotada)'}
        </p>
      ))}
    </div>
  );
}
