// What other modules do when a customer places an order, inside its transaction (the app registers
// them at start): the data they typed at checkout fill their profile for the next purchase.
import { reacciones } from '#server/db/reacciones.ts';
import type { SessionUser } from '#server/http/access.ts';

/** A WhatsApp order (decision 0033) asks no address: without one the profile keeps its own. */
export type DatosDelComprador = { fullName: string; phone: string; dni: string; state: string; city: string; address?: string };

export type OrdenDelCliente = { user: SessionUser; datos: DatosDelComprador };

export const ordenDelCliente = reacciones<OrdenDelCliente>();
