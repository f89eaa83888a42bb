// Page links that keep the other query parameters; real links, so they work without JavaScript.
// Where the list gives a cursor (`meta.next_cursor`), the link to the next page carries it as
// `despues`, so walking the list page by page costs what its first page costs (decision 0025); the
// page number stays in the link for what the page shows («Mostrando 481–504»).
import { Group, Pagination, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { pageHref } from '#web/lib/enlace-de-pagina.ts';

export function Paginacion({ meta, param = 'page', label = 'artículos' }: { meta: ListMeta; param?: string; label?: string }) {
  const location = useLocation();
  const next = meta.current_page + 1;
  const hrefFor = (page: number) => pageHref(location.pathname, location.search, param, page, page === next ? meta.next_cursor : null);
  // An empty list says so itself, in words that fit it; a second «Sin …» under that only repeats it.
  if (meta.total === 0) return null;
  return (
    <Group justify="space-between" mt="lg" wrap="wrap" gap="sm">
      <Text size="sm" c="gray.7">
        {meta.total === 1
          ? 'Mostrando 1 de 1'
          : `Mostrando ${meta.from}–${meta.to} de ${meta.total_is_estimate ? 'más de ' : ''}${meta.total.toLocaleString('es-VE')} ${label}`}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          size="sm"
          siblings={1}
          boundaries={1}
          aria-label="Paginación"
          getItemProps={(page) => ({ component: Link, to: hrefFor(page), preventScrollReset: false })}
          getControlProps={(control) => {
            const target =
              control === 'first'
                ? 1
                : control === 'last'
                  ? meta.last_page
                  : control === 'next'
                    ? Math.min(meta.current_page + 1, meta.last_page)
                    : Math.max(meta.current_page - 1, 1);
            return {
              component: Link,
              to: hrefFor(target),
              'aria-label': { first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior' }[
                control
              ],
            };
          }}
        />
      )}
    </Group>
  );
}
