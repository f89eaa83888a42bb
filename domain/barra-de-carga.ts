// The top loading bar's timing (docs/arquitectura.md §Barra de carga), apart from store-constants.ts: every page's root loads the
// bar, and a module the root reaches goes whole into every page's JavaScript (web/trozos.ts).
export const LOADING_BAR = { durationMs: 5000, throttleMs: 200, hideAfterMs: 500 } as const;
