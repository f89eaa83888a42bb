// The one small interface an imprenta digital speaks
// (docs/dominio.md §Documentos fiscales e imprenta digital): the store sends a document's data with an idempotency key and gets back its
// número de control, the date and time it was assigned and who assigned it. The same key always
// answers with the same number, so a retry (a lost answer, a killed process) never makes two.

/** Who assigned the number, as the printer identifies itself (printed on the document). */
export type IdentificacionImprenta = {
  razonSocial: string;
  rif: string;
  /** The SENIAT's authorisation of the printer (number and date of its providencia), as it sends it. */
  providencia: string;
};

export type Asignacion = {
  numeroControl: string;
  /** Date and time the printer assigned the number (its clock, not ours). */
  asignadoEn: Date;
  imprenta: IdentificacionImprenta;
};

/** A figure in USD and in bolívares at the document's rate, as decimal text with 2 places. */
export type Monto = { usd: string; ves: string };

/** What goes to the printer: the fiscal data of one document, frozen when the sale was made. */
export type DocumentoParaImprenta = {
  tipo: 'factura';
  /** The store's own number of the document (F-CCS-000123). */
  numero: string;
  /** When the sale was made (ISO). */
  fechaEmision: string;
  emisor: { rif: string; razonSocial: string; direccion: string; telefono: string };
  receptor: { identificacion: string; nombre: string; direccion: string; telefono: string; correo: string };
  /** Bs. per US$ 1, the rate frozen with the sale. */
  tasa: string;
  renglones: { codigo: string; descripcion: string; cantidad: number; precioUnitario: Monto; descuento: Monto; monto: Monto }[];
  totales: {
    subtotal: Monto;
    descuento: Monto;
    baseImponible: Monto;
    /** IVA rate in basis points (1600 = 16 %). */
    alicuotaIva: number;
    iva: Monto;
    igtf: Monto;
    otrosCargos: Monto;
    total: Monto;
  };
  pagos: { metodo: string; moneda: 'USD' | 'VES'; monto: string }[];
};

export type SolicitudEmision = { clave: string; documento: DocumentoParaImprenta };

export interface ImprentaDigital {
  /** Assigns (or, for a key already seen, answers again) the document's número de control. */
  emitir(solicitud: SolicitudEmision): Promise<Asignacion>;
}

/**
 * The printer could not be asked or did not answer in time (down, 5xx, timeout, cut connection):
 * the document stays «por emitir» and the job tries again with the same key.
 */
export class ImprentaNoDisponible extends Error {
  readonly status: number;
  constructor(message: string, status = 0) {
    super(message);
    this.name = 'ImprentaNoDisponible';
    this.status = status;
  }
}

/** The printer refused the document's data (4xx): retrying the same data will not help; staff must look. */
export class ImprentaRechazo extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ImprentaRechazo';
    this.status = status;
  }
}
