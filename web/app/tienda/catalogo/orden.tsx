// The orders a shopper can sort a list of articles by, shared by the sub-line list's filters and
// the search results (its own small module: the search page does not load the filters with it).

export const SORT_OPTIONS = [
  { value: 'nuevo', label: 'Más nuevos' },
  { value: 'vendidos', label: 'Más vendidos' },
  { value: 'precio-asc', label: 'Precio: menor a mayor' },
  { value: 'precio-desc', label: 'Precio: mayor a menor' },
  { value: 'nombre-asc', label: 'Nombre: A-Z' },
];

/** The `<option>`s of an «Ordenar por» select. */
export function OpcionesDeOrden() {
  return SORT_OPTIONS.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** `orden=precio-asc` → sort_by=precio&sort_desc=false for the API. */
export function sortParams(orden: string | null): Record<string, string> {
  switch (orden) {
    case 'vendidos':
      return { sort_by: 'vendidos', sort_desc: 'true' };
    case 'precio-asc':
      return { sort_by: 'precio', sort_desc: 'false' };
    case 'precio-desc':
      return { sort_by: 'precio', sort_desc: 'true' };
    case 'nombre-asc':
      return { sort_by: 'nombre', sort_desc: 'false' };
    default:
      return { sort_by: 'nuevo', sort_desc: 'true' };
  }
}
