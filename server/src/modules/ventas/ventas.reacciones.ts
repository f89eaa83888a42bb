// What other modules do when a staff sale is written, inside its transaction (the app registers
// them at start): a sale made for a prospect closes it, and a prospect no longer open refuses it.
import { reacciones } from '#server/db/reacciones.ts';

export type VentaEscrita = { prospectoId?: number; number: string; clienteId: number; actor: { id: number } };

export const ventaEscrita = reacciones<VentaEscrita>();
