// The catalogue file under catalogo/ in the upload store (DATA_DIR or the S3 bucket): the generated
// PDF, the fingerprint of the data it was drawn from, and the PDF the staff may upload instead. The
// store writes every file whole, so a reader always gets the last good catalogue while a new one
// builds. One build at a time per process; a second request joins the one under way.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type CatalogoFila, catalogoPorLinea, empiezaComoPdf, leyendaDePrecios } from '#domain/catalogo-pdf.ts';
import { CATALOGO_ARCHIVO_MAX_BYTES, type EstadoCatalogo } from '#domain/contracts/catalogo-archivo.ts';
import { formatDate } from '#domain/dates.ts';
import { fromCents, toCents } from '#domain/money.ts';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import { bestUnitDiscounts } from '#server/modules/descuento/descuento.service.ts';
import { datosEmpresa, tasaDelDia } from '#server/modules/general/general.service.ts';
import { readPhotoFile } from '#server/modules/imagenes/fotos.ts';
import { GARMENTS, type Garment, garmentSvg } from '#server/modules/imagenes/garment-svg.ts';
import type { UploadStore } from '#server/modules/uploads/store.ts';
import { dibujarCatalogo } from './catalogo-archivo.pdf.ts';
import { findModelosDelCatalogo, type ModeloDelCatalogo } from './catalogo-archivo.repo.ts';

const FILES = { generado: 'generado.pdf', huella: 'generado.huella', subido: 'subido.pdf', subidoMeta: 'subido.json' } as const;
const MB = 1024 * 1024;

const keyOf = (name: string) => `catalogo/${name}`;
const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.json': 'application/json', '.huella': 'text/plain' };

function writeWhole(store: UploadStore, name: string, data: Buffer | string): Promise<void> {
  return store.put(keyOf(name), Buffer.from(data), TYPES[path.extname(name)] ?? 'application/octet-stream');
}

const readOrNull = (store: UploadStore, name: string) => store.get(keyOf(name));

/** Builds under way, by store (tests run several apps in one process). */
const building = new Map<UploadStore, Promise<void>>();

type Datos = { modelos: (ModeloDelCatalogo & { discount: string })[]; rate: string; huella: string };

async function leerDatos(db: Db): Promise<Datos> {
  const [found, tasa] = await Promise.all([findModelosDelCatalogo(db), tasaDelDia(db)]);
  // The automatic discounts of today, as the site's cards take them: the PDF prints the price the site shows.
  const discounts = await bestUnitDiscounts(
    db,
    found.map((m) => ({ model: m.code, unitCents: toCents(m.price) - toCents(m.promotion) })),
  );
  const modelos = found.map((m) => ({ ...m, discount: fromCents(discounts.get(m.code) ?? 0) }));
  // What changes the pages: prices, the sizes in stock (not how many units), photos and the rate.
  const huella = createHash('sha256')
    .update(JSON.stringify([tasa.amount, modelos]))
    .digest('hex');
  return { modelos, rate: tasa.amount, huella };
}

function variantOf(baseCode: string): number {
  let hash = 0;
  for (const ch of baseCode) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 4;
}

/** Each model's picture as JPEG: its first photo, or its drawing (drawn once per garment, colour and variant). */
async function imagenes(store: UploadStore, modelos: ModeloDelCatalogo[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const drawings = new Map<string, Buffer>();
  for (const modelo of modelos) {
    try {
      const photo = modelo.photo ? await readPhotoFile(store, modelo.photo, 320) : null;
      if (photo) {
        out.set(modelo.code, await sharp(photo).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer());
        continue;
      }
      if (!(GARMENTS as readonly string[]).includes(modelo.garment)) continue;
      const variant = variantOf(modelo.baseCode);
      const key = `${modelo.garment}-${modelo.hex}-${variant}`;
      let drawing = drawings.get(key);
      if (!drawing) {
        const svg = Buffer.from(garmentSvg(modelo.garment as Garment, modelo.hex, { variant }));
        drawing = await sharp(svg, { density: 96 })
          .resize({ width: 200 })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80 })
          .toBuffer();
        drawings.set(key, drawing);
      }
      out.set(modelo.code, drawing);
    } catch {
      // A damaged photo leaves an empty frame rather than no catalogue.
    }
  }
  return out;
}

async function construir(db: Db, store: UploadStore, now: Date): Promise<void> {
  const datos = await leerDatos(db);
  const empresa = await datosEmpresa(db);
  const filas: CatalogoFila[] = datos.modelos.map((m) => ({ ...m, tallas: m.tallas ?? [] }));
  const lineas = catalogoPorLinea(filas, datos.rate);
  const fotos = await imagenes(
    store,
    datos.modelos.filter((m) => (m.tallas ?? []).length > 0),
  );
  const portada = {
    empresa: [
      empresa.razonSocial,
      `RIF ${empresa.rif}`,
      empresa.address,
      [empresa.phone1, empresa.phone2].filter(Boolean).join(' · '),
      empresa.email,
    ].filter(Boolean),
    leyenda: leyendaDePrecios(datos.rate, now),
    fecha: formatDate(now),
  };
  const pdf = await dibujarCatalogo(portada, lineas, (code) => fotos.get(code) ?? null);
  await writeWhole(store, FILES.generado, pdf);
  await writeWhole(store, FILES.huella, datos.huella);
}

/** Builds the catalogue now, or waits for the build under way. */
export function generar(db: Db, store: UploadStore, now = new Date()): Promise<void> {
  const current = building.get(store);
  if (current) return current;
  const build = construir(db, store, now).finally(() => building.delete(store));
  building.set(store, build);
  return build;
}

/** For the periodic job: rebuilds only when prices, sizes in stock, photos or the rate changed. */
export async function generarSiCambio(db: Db, store: UploadStore): Promise<boolean> {
  if (building.has(store)) return false;
  const [{ huella }, stored] = await Promise.all([leerDatos(db), readOrNull(store, FILES.huella)]);
  if (stored?.toString() === huella) return false;
  await generar(db, store);
  return true;
}

export type Archivo = { body: Buffer; fileName: string; etag: string };

const etagOf = (kind: string, body: Buffer) => `"${kind}-${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;

/** What the public link serves: the uploaded PDF, else the generated one (built now if there is none yet). */
export async function archivoPublico(db: Db, store: UploadStore): Promise<Archivo> {
  const subido = await readOrNull(store, FILES.subido);
  if (subido) return { body: subido, fileName: 'catalogo.pdf', etag: etagOf('s', subido) };
  let generado = await readOrNull(store, FILES.generado);
  if (!generado) {
    await generar(db, store);
    generado = await readOrNull(store, FILES.generado);
  }
  if (!generado) throw new Error('El catálogo no se pudo generar.');
  return { body: generado, fileName: 'catalogo.pdf', etag: etagOf('g', generado) };
}

type SubidoMeta = { nombre: string; bytes: number; subido_en: string };

async function modifiedAt(store: UploadStore, name: string): Promise<string | null> {
  return (await store.stat(keyOf(name)))?.modifiedAt.toISOString() ?? null;
}

export async function estado(store: UploadStore): Promise<EstadoCatalogo> {
  const [generadoEn, meta, subido] = await Promise.all([
    modifiedAt(store, FILES.generado),
    readOrNull(store, FILES.subidoMeta),
    modifiedAt(store, FILES.subido),
  ]);
  const info = subido && meta ? (JSON.parse(meta.toString()) as SubidoMeta) : null;
  return { generado_en: generadoEn, en_construccion: building.has(store), subido: info, sirve: info ? 'subido' : 'generado' };
}

/** The checks of an uploaded catalogue: a name ending in .pdf, bytes, size, and a PDF by its content. */
export async function motivoDeRechazo(nombre: string, bytes: Buffer): Promise<string | null> {
  if (!/\.pdf$/i.test(nombre)) return 'El archivo debe ser un PDF con nombre terminado en «.pdf».';
  if (bytes.length === 0) return 'El archivo está vacío.';
  if (bytes.length > CATALOGO_ARCHIVO_MAX_BYTES) return `El archivo pesa más de ${CATALOGO_ARCHIVO_MAX_BYTES / MB} MB.`;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== 'application/pdf' || !empiezaComoPdf(bytes)) {
    return 'El archivo no es un PDF (se revisa su contenido, no su nombre).';
  }
  return null;
}

export async function subir(store: UploadStore, nombre: string, bytes: Buffer, now = new Date()): Promise<EstadoCatalogo> {
  const motivo = await motivoDeRechazo(nombre, bytes);
  if (motivo) throw new ReglaNegocio(motivo);
  const meta: SubidoMeta = { nombre: path.basename(nombre).slice(0, 200), bytes: bytes.length, subido_en: now.toISOString() };
  // The metadata first: a PDF without it is not served as uploaded (estado needs both).
  await writeWhole(store, FILES.subidoMeta, JSON.stringify(meta));
  await writeWhole(store, FILES.subido, bytes);
  return estado(store);
}

export async function quitarSubido(store: UploadStore): Promise<EstadoCatalogo> {
  await store.remove(keyOf(FILES.subido));
  await store.remove(keyOf(FILES.subidoMeta));
  return estado(store);
}
