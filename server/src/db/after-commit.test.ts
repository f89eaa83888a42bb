import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { rows } from '#test/inject.ts';
import { transactionWithEffects } from './after-commit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.execute(sql`create table efectos_prueba (id int)`);
});
afterAll(() => t.close());

describe('efectos después de guardar', () => {
  it('corren en orden solo cuando la transacción se confirmó, y ven lo guardado', async () => {
    const seen: string[] = [];
    await transactionWithEffects(t.database.db, undefined, async (tx, afterCommit) => {
      await tx.execute(sql`insert into efectos_prueba values (1)`);
      afterCommit('primero', async () => {
        const found = await rows<{ n: number }>(t, sql`select count(*)::int as n from efectos_prueba`);
        seen.push(`primero:${found[0].n}`);
      });
      afterCommit('segundo', async () => void seen.push('segundo'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['primero:1', 'segundo']);
  });

  it('si la transacción se deshace, ningún efecto corre', async () => {
    const seen: string[] = [];
    await expect(
      transactionWithEffects(t.database.db, undefined, async (tx, afterCommit) => {
        await tx.execute(sql`insert into efectos_prueba values (2)`);
        afterCommit('correo', async () => void seen.push('correo'));
        throw new Error('sin existencia');
      }),
    ).rejects.toThrow('sin existencia');
    expect(seen).toEqual([]);
    expect(await rows(t, sql`select * from efectos_prueba where id = 2`)).toEqual([]);
  });

  it('un efecto que falla se registra en el log y no impide los demás ni el resultado', async () => {
    const logged: string[] = [];
    const seen: string[] = [];
    const result = await transactionWithEffects(
      t.database.db,
      (message) => logged.push(message),
      async (_tx, afterCommit) => {
        afterCommit('aviso en vivo', async () => {
          throw new Error('sin conexión');
        });
        afterCommit('correo', async () => void seen.push('correo'));
        afterCommit('smtp', async () => Promise.reject(new Error('smtp caído')), { background: true });
        return 'guardado';
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(result).toBe('guardado');
    expect(seen).toEqual(['correo']);
    expect(logged).toEqual(['No se pudo completar después de guardar: aviso en vivo', 'No se pudo completar después de guardar: smtp']);
  });
});
