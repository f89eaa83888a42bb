// Reactions of other modules to something a module writes, run inside its transaction and in the
// order registered: one that throws undoes the whole write. The module that writes does not import
// the ones that react (they sit above it, docs/arquitectura.md §Dirección de los módulos); the app
// registers each reaction at start. Effects outside the database go after the commit instead
// (after-commit.ts).
import type { Db } from './client.ts';

export type Reaccion<E> = (tx: Db, evento: E) => Promise<void>;

export type Reacciones<E> = {
  /** Registering the same function again (another app built in this process) keeps it once. */
  registrar: (reaccion: Reaccion<E>) => void;
  avisar: (tx: Db, evento: E) => Promise<void>;
};

export function reacciones<E>(): Reacciones<E> {
  const registradas = new Set<Reaccion<E>>();
  return {
    registrar: (reaccion) => void registradas.add(reaccion),
    avisar: async (tx, evento) => {
      for (const reaccion of registradas) await reaccion(tx, evento);
    },
  };
}
