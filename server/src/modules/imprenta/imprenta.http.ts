// An imprenta digital over HTTP + JSON: POST {IMPRENTA_URL}/documentos with the bearer token and
// an Idempotency-Key header, the document as the body; 200 or 201 answers with the control number.
// The shape is this store's: a real provider's API is mapped here, behind ImprentaDigital.
import { type Asignacion, type ImprentaDigital, ImprentaNoDisponible, ImprentaRechazo, type SolicitudEmision } from './imprenta.ts';

export type ImprentaHttpConfig = { url: string; token: string; timeoutMs: number };

type Respuesta = {
  numeroControl?: unknown;
  fechaAsignacion?: unknown;
  imprenta?: { razonSocial?: unknown; rif?: unknown; providencia?: unknown };
  mensaje?: unknown;
};

function asignacionDe(body: Respuesta): Asignacion | null {
  const { numeroControl, fechaAsignacion, imprenta } = body;
  if (typeof numeroControl !== 'string' || !numeroControl.trim() || typeof fechaAsignacion !== 'string') return null;
  const asignadoEn = new Date(fechaAsignacion);
  if (Number.isNaN(asignadoEn.getTime())) return null;
  if (typeof imprenta?.razonSocial !== 'string' || typeof imprenta.rif !== 'string') return null;
  return {
    numeroControl: numeroControl.trim(),
    asignadoEn,
    imprenta: {
      razonSocial: imprenta.razonSocial,
      rif: imprenta.rif,
      providencia: typeof imprenta.providencia === 'string' ? imprenta.providencia : '',
    },
  };
}

export function createImprentaHttp(config: ImprentaHttpConfig, fetcher: typeof fetch = fetch): ImprentaDigital {
  const base = config.url.replace(/\/+$/, '');
  return {
    async emitir({ clave, documento }: SolicitudEmision): Promise<Asignacion> {
      let response: Response;
      let body: Respuesta;
      try {
        response = await fetcher(`${base}/documentos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', 'idempotency-key': clave },
          body: JSON.stringify(documento),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        body = (await response.json().catch(() => ({}))) as Respuesta;
      } catch (error) {
        // Timeout or a cut connection: the printer may have assigned the number; the same key asks again.
        throw new ImprentaNoDisponible(`La imprenta digital no respondió: ${(error as Error).message}`);
      }
      if (response.status >= 500 || response.status === 429 || response.status === 408) {
        throw new ImprentaNoDisponible(`La imprenta digital respondió ${response.status}.`, response.status);
      }
      if (response.status === 401 || response.status === 403) {
        throw new ImprentaNoDisponible('La imprenta digital no aceptó la clave de la tienda (IMPRENTA_TOKEN).', response.status);
      }
      if (!response.ok) {
        const why = typeof body.mensaje === 'string' ? `: ${body.mensaje}` : '.';
        throw new ImprentaRechazo(`La imprenta digital rechazó el documento (${response.status})${why}`, response.status);
      }
      const asignacion = asignacionDe(body);
      if (!asignacion) throw new ImprentaNoDisponible('La imprenta digital respondió sin número de control, fecha o identificación.');
      return asignacion;
    },
  };
}
