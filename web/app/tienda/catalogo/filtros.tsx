// Catalogue filters as a GET form: colour, size, price range, promotions and sort order.
import { Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { Form, useSubmit } from 'react-router';
import type { LineWithFilters } from '#domain/contracts/catalogo.ts';

export const SORT_OPTIONS = [
  { value: 'nuevo', label: 'Más nuevos' },
  { value: 'vendidos', label: 'Más vendidos' },
  { value: 'precio-asc', label: 'Precio: menor a mayor' },
  { value: 'precio-desc', label: 'Precio: mayor a menor' },
  { value: 'nombre-asc', label: 'Nombre: A-Z' },
];

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

const PASSTHROUGH = ['color', 'talla', 'precio_min', 'precio_max', 'promocion', 'page'] as const;

/** Keeps only well-formed filter values from the page URL, so a typo shows all articles instead of an error. */
export function filterParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  const checks: Record<(typeof PASSTHROUGH)[number], RegExp> = {
    color: /^[A-Za-z0-9]{4}$/,
    talla: /^[A-Za-z0-9]{2}$/,
    precio_min: /^\d{1,6}([.,]\d{1,2})?$/,
    precio_max: /^\d{1,6}([.,]\d{1,2})?$/,
    promocion: /^(true|1)$/,
    page: /^\d{1,5}$/,
  };
  for (const key of PASSTHROUGH) {
    const value = url.searchParams.get(key);
    if (value && checks[key].test(value)) out[key] = value;
  }
  return { ...out, ...sortParams(url.searchParams.get('orden')) };
}

export function Filtros({ filters, current }: { filters: LineWithFilters['filtros']; current: URLSearchParams }) {
  const submit = useSubmit();
  return (
    <Form method="get" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })} aria-label="Filtros">
      <Stack gap="sm">
        <NativeSelect label="Ordenar por" name="orden" defaultValue={current.get('orden') ?? 'nuevo'} data={SORT_OPTIONS} />
        <NativeSelect
          label="Color"
          name="color"
          defaultValue={current.get('color') ?? ''}
          data={[{ value: '', label: 'Todos los colores' }, ...filters.colors.map((c) => ({ value: c.code, label: c.name }))]}
        />
        <NativeSelect
          label="Talla"
          name="talla"
          defaultValue={current.get('talla') ?? ''}
          data={[{ value: '', label: 'Todas las tallas' }, ...filters.sizes.map((s) => ({ value: s.code, label: s.label }))]}
        />
        <Group grow gap="xs">
          <TextInput
            label="Precio desde (USD)"
            name="precio_min"
            inputMode="decimal"
            defaultValue={current.get('precio_min') ?? ''}
            placeholder={filters.priceRange.min ?? ''}
          />
          <TextInput
            label="Hasta (USD)"
            name="precio_max"
            inputMode="decimal"
            defaultValue={current.get('precio_max') ?? ''}
            placeholder={filters.priceRange.max ?? ''}
          />
        </Group>
        <Checkbox label="Solo ofertas" name="promocion" value="true" defaultChecked={current.get('promocion') === 'true'} />
        <Group gap="xs">
          <Button type="submit" size="xs">
            Aplicar
          </Button>
          <Button component="a" href="?" variant="subtle" size="xs">
            Limpiar filtros
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
