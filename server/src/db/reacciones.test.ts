import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { reacciones } from './reacciones.ts';

const tx = {} as Db;

describe('reacciones dentro de una transacción', () => {
  it('corren en el orden en que se registraron, una sola vez aunque se registren de nuevo', async () => {
    const vistas: string[] = [];
    const venta = reacciones<{ numero: string }>();
    const primera = async (_tx: Db, e: { numero: string }) => void vistas.push(`primera ${e.numero}`);
    const segunda = async (_tx: Db, e: { numero: string }) => void vistas.push(`segunda ${e.numero}`);
    venta.registrar(primera);
    venta.registrar(segunda);
    venta.registrar(primera);
    await venta.avisar(tx, { numero: 'F-1' });
    expect(vistas).toEqual(['primera F-1', 'segunda F-1']);
  });

  it('una reacción que falla hace fallar al que escribe, y las siguientes no corren', async () => {
    const vistas: string[] = [];
    const orden = reacciones<number>();
    orden.registrar(async () => {
      throw new Error('El prospecto ya fue procesado.');
    });
    orden.registrar(async (_tx, n) => void vistas.push(String(n)));
    await expect(orden.avisar(tx, 7)).rejects.toThrow('El prospecto ya fue procesado.');
    expect(vistas).toEqual([]);
  });
});
