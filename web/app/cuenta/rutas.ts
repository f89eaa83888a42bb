// Where the shopper's account pages live (in the store's layout), and where each old
// /dashboard/perfil… address now points, so links in old e-mails and bookmarks keep working.

export const CUENTA = {
  perfil: '/mi-cuenta',
  clave: '/mi-cuenta/cambiar-clave',
  verificacion: '/mi-cuenta/verificacion',
  hijos: '/mi-cuenta/hijos',
  compras: '/mi-cuenta/compras',
  compra: (codigo: string) => `/mi-cuenta/compras/${encodeURIComponent(codigo)}`,
} as const;

const MOVED: readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[] = [
  [/^\/dashboard\/perfil\/?$/i, () => CUENTA.perfil],
  [/^\/dashboard\/perfil\/cambiar-clave\/?$/i, () => CUENTA.clave],
  [/^\/dashboard\/perfil\/hijo\/?$/i, () => CUENTA.hijos],
  [/^\/dashboard\/perfil\/ordenes\/?$/i, () => CUENTA.compras],
  [/^\/dashboard\/perfil\/ordenes\/([^/]+)\/?$/i, (m) => `/mi-cuenta/compras/${m[1]}`],
];

/** The new address of an old account page, or null when `pathname` is not one. */
export function movedAccountPath(pathname: string): string | null {
  for (const [pattern, target] of MOVED) {
    const match = pathname.match(pattern);
    if (match) return target(match);
  }
  return null;
}
