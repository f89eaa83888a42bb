// The XLSX reader on damaged workbooks, without the server: it answers at once with a 422, it leaves
// no file open (neither the upload nor a temporary copy of a worksheet), and a reader that stalls is
// ended by its timeouts.
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HojaInvalida, openSheet, readWithin } from './configuracion.importar.hoja.ts';

let dir: string;
let workbook: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrina-hoja-'));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Artículos');
  sheet.addRow(['Código', 'Precio']);
  for (let i = 1; i <= 40; i++) sheet.addRow([`ART-${i}`, i]);
  book.addWorksheet('Notas').addRow(['no se lee']);
  workbook = Buffer.from(await book.xlsx.writeBuffer());
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The compressed bytes of `part` overwritten: they do not inflate. */
function damaged(bytes: Buffer, part: string): Buffer {
  const copy = Buffer.from(bytes);
  const name = Buffer.from(part);
  let at = copy.indexOf(name);
  while (at >= 0 && copy.readUInt32LE(at - 30) !== 0x04034b50) at = copy.indexOf(name, at + 1);
  if (at < 0) throw new Error(`el XLSX de prueba no tiene ${part}`);
  const data = at + name.length + copy.readUInt16LE(at - 2);
  copy.fill(0x41, data, data + 60);
  return copy;
}

/** Files this process holds open in `dir` or as temporary files (exceljs's copies of worksheets). */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(dir) || /\/tmp-\d+-\w+$/.test(target));
}

async function readAll(file: string) {
  const { info, rows } = await openSheet(file);
  const read = [];
  for await (const row of rows) read.push(row);
  return { info, read };
}

describe('XLSX dañado o que no avanza', () => {
  it('la hoja o xl/workbook.xml dañados por dentro: un 422 enseguida y ningún archivo abierto', async () => {
    for (const part of ['xl/worksheets/sheet1.xml', 'xl/workbook.xml']) {
      const file = path.join(dir, `${part.replaceAll('/', '_')}.xlsx`);
      await writeFile(file, damaged(workbook, part));
      const failure = await readAll(file).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, part).toBeInstanceOf(HojaInvalida);
      expect((failure as HojaInvalida).status).toBe(422);
      expect((failure as HojaInvalida).message).toContain('El archivo XLSX está dañado o no se puede leer');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openFiles()).toEqual([]);
  }, 5_000);

  it('un libro sano de dos hojas: se lee la primera, con su nombre, y no queda ningún archivo abierto', async () => {
    const file = path.join(dir, 'sano.xlsx');
    await writeFile(file, workbook);
    for (let i = 0; i < 3; i++) {
      const { info, read } = await readAll(file);
      expect(info.sheet).toBe('Artículos');
      expect(read).toHaveLength(41);
      expect(read[40]).toEqual({ row: 41, cells: ['ART-40', 40] });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // exceljs copied each worksheet to a temporary file and left it open when the first was enough.
    expect(openFiles()).toEqual([]);
  });

  it('readWithin: un paso que no responde se corta; el que avanza sigue hasta el tope total; el tiempo entre pasos no cuenta', async () => {
    const stalled = (reason: 'idle' | 'total') => new Error(reason);
    const never = new Promise<never>(() => undefined);

    const idle = readWithin({ idleMs: 50, totalMs: 10_000 }, stalled);
    const started = Date.now();
    await expect(idle.step(never)).rejects.toThrow('idle');
    expect(Date.now() - started).toBeLessThan(1_000);

    // Progress every 20 ms keeps it alive past idleMs, until totalMs.
    const total = readWithin({ idleMs: 50, totalMs: 300 }, stalled);
    const beat = setInterval(() => total.progress(), 20);
    await expect(total.step(new Promise((resolve) => setTimeout(() => resolve('listo'), 150)))).resolves.toBe('listo');
    await new Promise((resolve) => setTimeout(resolve, 400)); // the caller's time
    await expect(total.step(new Promise((resolve) => setTimeout(() => resolve('otra'), 100)))).resolves.toBe('otra');
    await expect(total.step(never)).rejects.toThrow('total');
    clearInterval(beat);

    const failing = readWithin({ idleMs: 10_000, totalMs: 10_000 }, stalled);
    const step = failing.step(never);
    failing.fail(new Error('roto'));
    await expect(step).rejects.toThrow('roto');
  });
});
