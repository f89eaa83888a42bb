// The store's clock for what depends on the time of day: which blog posts the storefront shows, and
// the time each periodic tick runs the jobs at. The system's, except on the browser journeys' server
// (RELOJ_DE_PRUEBAS), where a test moves it forward instead of waiting (POST /api/pruebas/reloj).
export type Reloj = { ahora: () => Date };

export const relojDelSistema: Reloj = { ahora: () => new Date() };

export type RelojDePruebas = Reloj & {
  /** From now on the clock says `at` plus the time passed since; never backwards. */
  adelantarHasta: (at: Date) => void;
};

export function relojDePruebas(): RelojDePruebas {
  let desfaseMs = 0;
  return {
    ahora: () => new Date(Date.now() + desfaseMs),
    adelantarHasta: (at) => {
      desfaseMs = Math.max(desfaseMs, at.getTime() - Date.now());
    },
  };
}
