// Pieces shared by the catalogue pages of the back office: the roles, the option lists of the
// forms, the product filters read from the URL, and the change history (table on wide screens,
// cards on phones).
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  formatHistoryValue,
  HISTORY_SOURCE_LABELS,
  type HistorySource,
  historyFieldLabel,
  OVERRIDES,
  type Override,
} from '#domain/catalogo-historial.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import type { HistorialFila, LineaAdmin } from '#domain/contracts/configuracion.ts';
import { CATALOGO_ADMIN_ROLES, PRODUCT_SORTS, STOCK_FILTERS } from '#domain/contracts/configuracion.ts';
import { formatDateTime } from '#domain/dates.ts';
import { Paginacion } from '#web/components/paginacion.tsx';

export const ROLES = CATALOGO_ADMIN_ROLES;

export const OVERRIDE_OPTIONS: { value: Override; label: string }[] = OVERRIDES.map((value) => ({
  value,
  label: value === 'auto' ? 'Automático' : value === 'si' ? 'Siempre' : 'Nunca',
}));

/** Sub-líneas grouped by línea, for a NativeSelect. */
export function sublineaOptions(lineas: LineaAdmin[], empty?: string) {
  return [
    ...(empty === undefined ? [] : [{ value: '', label: empty }]),
    ...lineas.map((l) => ({
      group: l.active ? l.name : `${l.name} (inactiva)`,
      items: l.sublineas.map((s) => ({ value: String(s.id), label: `${s.name}${s.active ? '' : ' (inactiva)'}` })),
    })),
  ];
}

export function lineaOptions(lineas: LineaAdmin[], empty: string) {
  return [{ value: '', label: empty }, ...lineas.map((l) => ({ value: String(l.id), label: `${l.name}${l.active ? '' : ' (inactiva)'}` }))];
}

const ID = /^\d{1,9}$/;
const COLOR = /^[A-Za-z0-9]{4}$/;
const MODEL = /^[A-Za-z0-9][A-Za-z0-9-]{4,19}$/;

export type ProductFilters = {
  search: string;
  lineaId: string;
  sublineaId: string;
  color: string;
  activo: string;
  existencia: string;
  promocion: string;
};

/** The list filters in the URL; anything malformed is dropped rather than turned into an error page. */
export function productFilters(params: URLSearchParams): ProductFilters {
  const get = (name: string) => (params.get(name) ?? '').trim();
  const bool = (name: string) => (['true', 'false'].includes(get(name)) ? get(name) : '');
  return {
    search: get('search').slice(0, 100),
    lineaId: ID.test(get('lineaId')) ? get('lineaId') : '',
    sublineaId: ID.test(get('sublineaId')) ? get('sublineaId') : '',
    color: COLOR.test(get('color')) ? get('color').toUpperCase() : '',
    activo: bool('activo'),
    existencia: (STOCK_FILTERS as readonly string[]).includes(get('existencia')) ? get('existencia') : '',
    promocion: bool('promocion'),
  };
}

export function chosenModels(params: URLSearchParams): string[] {
  return [...new Set(params.getAll('modelo').map((m) => m.trim().toUpperCase()))].filter((m) => MODEL.test(m)).slice(0, 500);
}

export function sortOf(params: URLSearchParams) {
  const sort = params.get('sort_by') ?? '';
  return PRODUCT_SORTS.find((s) => s === sort);
}

export const STATE_OPTIONS = [
  { value: '', label: 'Activos e inactivos' },
  { value: 'true', label: 'Solo activos' },
  { value: 'false', label: 'Solo inactivos' },
];
export const STOCK_OPTIONS = [
  { value: '', label: 'Con y sin existencia' },
  { value: 'con', label: 'Con existencia' },
  { value: 'sin', label: 'Sin existencia' },
];
export const PROMO_OPTIONS = [
  { value: '', label: 'Con y sin promoción' },
  { value: 'true', label: 'En promoción' },
  { value: 'false', label: 'Sin promoción' },
];

function sourceLabel(source: string): string {
  return HISTORY_SOURCE_LABELS[source as HistorySource] ?? source;
}

function who(row: HistorialFila): string {
  return row.user ? row.user.nickname || row.user.email : 'Sistema';
}

function Cambio({ row }: { row: HistorialFila }) {
  if (row.field === 'creado' || row.field === 'cambio-masivo') return <Text size="sm">{row.newValue}</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {formatHistoryValue(row.field, row.oldValue)} → <strong>{formatHistoryValue(row.field, row.newValue)}</strong>
    </Text>
  );
}

/** Who changed what, when, before → after; the newest first, 15 a page (`param` names its page). */
export function Historial({
  items,
  meta,
  param,
  withEntity = false,
}: {
  items: HistorialFila[];
  meta: ListMeta;
  param: string;
  withEntity?: boolean;
}) {
  if (items.length === 0) return <Text c="dimmed">Todavía no hay cambios registrados.</Text>;
  return (
    <>
      <Table striped withTableBorder visibleFrom="sm" data-testid="tabla-historial">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Quién</Table.Th>
            {withEntity && <Table.Th>Qué</Table.Th>}
            <Table.Th>Campo</Table.Th>
            <Table.Th>Antes → después</Table.Th>
            <Table.Th>Origen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id} data-testid="cambio">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
              <Table.Td>{who(row)}</Table.Td>
              {withEntity && <Table.Td>{row.entityKey}</Table.Td>}
              <Table.Td>{historyFieldLabel(row.field)}</Table.Td>
              <Table.Td>
                <Cambio row={row} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.source === 'panel' ? 'gray' : 'grape'}>
                  {sourceLabel(row.source)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm" data-testid="tarjetas-historial">
        {items.map((row) => (
          <Card key={row.id} withBorder padding="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {historyFieldLabel(row.field)}
                {withEntity ? ` · ${row.entityKey}` : ''}
              </Text>
              <Badge variant="light" color={row.source === 'panel' ? 'gray' : 'grape'}>
                {sourceLabel(row.source)}
              </Badge>
            </Group>
            <Cambio row={row} />
            <Text size="xs" c="dimmed">
              {formatDateTime(row.createdAt)} · {who(row)}
            </Text>
          </Card>
        ))}
      </Stack>
      <Paginacion meta={meta} param={param} label="cambios" />
    </>
  );
}
