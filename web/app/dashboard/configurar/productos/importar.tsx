// /dashboard/configurar/productos/importar (admin, inventario): the catalogue sheet. Export it
// (XLSX or CSV, with the product list's filters), edit it in a spreadsheet or bring one from the
// ERP, upload it, check the preview (counts, every problem by row and column) and apply it at once,
// or only its valid rows. The preview lives on the server for an hour (?vista=<id>), so a reload
// keeps it and applying is a plain form.
import { Alert, Anchor, Button, Card, Code, Group, List, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { buscarLineas, opcionesProducto } from '#domain/contracts/configuracion.ts';
import { aplicarImportacion, type ImportacionAplicada, verImportacion } from '#domain/contracts/configuracion-importar.ts';
import { formatUnits } from '#domain/existencia.ts';
import { IMPORT_LIMITS, SHEET_HEADERS, stockHeader } from '#domain/importar-catalogo.ts';
import { ownValue } from '#domain/tabla.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/importar';
import { lineaOptions, PROMO_OPTIONS, productFilters, ROLES, STATE_OPTIONS, STOCK_OPTIONS, sublineaOptions } from './catalogo-vista.tsx';
import { Errores, Filas, PAGE, Resumen, SubirHoja } from './importar-vista.tsx';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Why a form sent without JavaScript came back (the API answers ?subida=413 or 422). */
const UPLOAD_ERRORS: Record<string, string> = {
  '413': `La hoja pesa más de ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB o tiene más de ${formatUnits(IMPORT_LIMITS.maxRows)} filas: divídala en varios archivos.`,
  '422': 'La hoja no se pudo leer: suba un XLSX o un CSV con la columna «Código» en la fila de títulos (vea la hoja de ejemplo).',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const vista = params.get('vista') ?? '';
  const [lineas, opciones] = await allCritical(context.publicUrl, [
    context.api.call(buscarLineas, {}),
    context.api.call(opcionesProducto, {}),
  ]);
  let preview = null;
  let previewError: string | null = null;
  if (UPLOAD_ID.test(vista)) {
    const response = await context.api.call(verImportacion, { id: vista });
    if (response.body.success) preview = response.body.data;
    else previewError = response.body.message;
  }
  return {
    preview,
    previewError,
    uploadError: ownValue(UPLOAD_ERRORS, params.get('subida') ?? '') ?? null,
    filters: productFilters(params),
    lineas: unwrap(lineas),
    colores: unwrap(opciones).colores,
  };
}

type ActionResult = FormErrors & { applied?: ImportacionAplicada; soloValidas?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const soloValidas = form.get('soloValidas') === 'true';
  const response = await context.api.call(
    aplicarImportacion,
    formInput(aplicarImportacion, { id: String(form.get('id') ?? ''), huella: String(form.get('huella') ?? ''), soloValidas }),
  );
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), soloValidas }, { status: response.status });
  return { applied: response.body.data, soloValidas } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Importar y exportar productos');
}

function Exportar({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { filters, lineas, colores } = loaderData;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb={4}>
        Exportar el catálogo
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Un artículo por fila con su precio, su promoción y su existencia en cada tienda: la misma hoja que se importa. Edítela y vuelva a
        subirla.
      </Text>
      <form method="get" action="/api/configuracion/exportar-productos" data-testid="form-exportar">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <TextInput label="Buscar" name="search" placeholder="Nombre, color o código" defaultValue={filters.search} />
          <NativeSelect label="Línea" name="lineaId" data={lineaOptions(lineas, 'Todas')} defaultValue={filters.lineaId} />
          <NativeSelect label="Sub-línea" name="sublineaId" data={sublineaOptions(lineas, 'Todas')} defaultValue={filters.sublineaId} />
          <NativeSelect
            label="Color"
            name="color"
            data={[{ value: '', label: 'Todos' }, ...colores.map((c) => ({ value: c.code, label: c.name }))]}
            defaultValue={filters.color}
          />
          <NativeSelect label="Estado" name="activo" data={STATE_OPTIONS} defaultValue={filters.activo} />
          <NativeSelect label="Existencia" name="existencia" data={STOCK_OPTIONS} defaultValue={filters.existencia} />
          <NativeSelect label="Promoción" name="promocion" data={PROMO_OPTIONS} defaultValue={filters.promocion} />
        </SimpleGrid>
        <Group mt="md" gap="xs" wrap="wrap">
          <Button type="submit" name="formato" value="xlsx" data-testid="exportar-xlsx">
            Exportar XLSX
          </Button>
          <Button type="submit" name="formato" value="csv" variant="default" data-testid="exportar-csv">
            Exportar CSV
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function ComoImportar() {
  return (
    <Stack gap={6}>
      <Text size="sm">
        Una fila por artículo (modelo + talla), con una fila de títulos en español como la de la hoja de ejemplo. Una celda vacía deja ese
        dato como está.
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          <Code>{SHEET_HEADERS.codigo}</Code>: el código del artículo (modelo + talla, como DBLU001NEGRSM). Obligatorio.
        </List.Item>
        <List.Item>
          <Code>{SHEET_HEADERS.precio}</Code>, <Code>{SHEET_HEADERS.promocion}</Code> y <Code>{SHEET_HEADERS.descripcion}</Code>: son del
          modelo, iguales en todas sus tallas. Coma o punto decimal (19,99 o 19.99).
        </List.Item>
        <List.Item>
          <Code>{stockHeader('CCS')}</Code>, una columna por tienda: lo que queda en mano después de importar (un conteo, no una entrada).
          El libro de movimientos registra la diferencia.
        </List.Item>
        <List.Item>
          Un código nuevo agrega esa talla a su modelo; un modelo nuevo se crea si la fila trae también <Code>{SHEET_HEADERS.linea}</Code>,{' '}
          <Code>{SHEET_HEADERS.sublinea}</Code>, descripción y precio.
        </List.Item>
        <List.Item>CSV separado por ; o por , en UTF-8 o Latin-1 (como lo exporta Profit). Se lee la primera hoja de un XLSX.</List.Item>
      </List>
      <Group gap="xs" wrap="wrap">
        <Anchor href="/api/configuracion/importar-productos/ejemplo?formato=xlsx" size="sm" data-testid="ejemplo-xlsx">
          Hoja de ejemplo (XLSX, con instrucciones)
        </Anchor>
        <Anchor href="/api/configuracion/importar-productos/ejemplo?formato=csv" size="sm" data-testid="ejemplo-csv">
          Hoja de ejemplo (CSV)
        </Anchor>
      </Group>
    </Stack>
  );
}

function Aplicado({ applied }: { applied: ImportacionAplicada }) {
  const done = applied.created + applied.changed;
  return (
    <Alert color="green" role="status" title="Importación aplicada" data-testid="importacion-aplicada">
      {done === 1 ? 'Se aplicó 1 fila' : `Se aplicaron ${formatUnits(done)} filas`}: {formatUnits(applied.models.created)} modelos nuevos,{' '}
      {formatUnits(applied.articles.created)} artículos nuevos, {formatUnits(applied.models.updated)} modelos con precio, promoción o
      descripción nuevos y {formatUnits(applied.movements)} conteos de existencia.
      {applied.skipped > 0 ? ` Quedaron fuera ${formatUnits(applied.skipped)} filas con errores.` : ''} Cada cambio quedó en el historial de
      su modelo y la existencia en el libro de movimientos (lote {applied.batch.slice(0, 8)}).
    </Alert>
  );
}

export default function Importar({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { preview, previewError, uploadError } = loaderData;
  const applied = result?.applied;
  const valid = preview ? preview.created + preview.changed : 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Importar y exportar productos</Title>
        <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
          Volver a productos
        </Button>
      </Group>

      {applied && <Aplicado applied={applied} />}
      {result?.message && (
        <Alert color="red" data-testid="error-aplicar">
          {result.message}
        </Alert>
      )}
      {/* Once applied, the loader finds the upload gone: that is the success above, not a problem. */}
      {!applied && (previewError || uploadError) && (
        <Alert color="red" data-testid="error-vista">
          {previewError ?? uploadError}
        </Alert>
      )}

      {preview && !applied && (
        <Card withBorder padding="lg" data-testid="vista-previa-importacion">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                Vista previa de «{preview.file.name}»
              </Title>
              <Text size="xs" c="dimmed">
                {preview.file.format.toUpperCase()}
                {preview.file.sheet ? ` · hoja «${preview.file.sheet}»` : ''}
                {preview.file.separator ? ` · separado por ${preview.file.separator === '\t' ? 'tabulador' : preview.file.separator}` : ''}
                {preview.file.encoding
                  ? ` · ${preview.file.encoding === 'windows-1252' ? 'Latin-1' : preview.file.encoding.toUpperCase()}`
                  : ''}{' '}
                · se lee: {preview.columns.read.join(', ')}
                {preview.columns.ignored.length > 0 ? ` · no se leen: ${preview.columns.ignored.join(', ')}` : ''}
              </Text>
            </div>
            <Resumen preview={preview} />
            <Errores errors={preview.errors} total={preview.errorsTotal} />
            <Filas preview={preview} />
            {preview.invalid > 0 && (
              <Alert color="yellow" data-testid="aviso-errores">
                Hay {preview.invalid === 1 ? '1 fila con errores' : `${formatUnits(preview.invalid)} filas con errores`}: así no se aplica
                nada. Corrija la hoja y súbala de nuevo, o aplique solo las filas válidas.
              </Alert>
            )}
            <Form method="post">
              <input type="hidden" name="id" value={preview.id} />
              <input type="hidden" name="huella" value={preview.huella} />
              <Group justify="end" gap="xs" wrap="wrap">
                <Button component={Link} to={PAGE} variant="subtle">
                  Subir otra hoja
                </Button>
                {valid > 0 && preview.invalid === 0 && (
                  <Button type="submit" name="soloValidas" value="false" color="red" loading={busy} data-testid="aplicar-todo">
                    Aplicar {valid === 1 ? '1 fila' : `${formatUnits(valid)} filas`}
                  </Button>
                )}
                {valid > 0 && preview.invalid > 0 && (
                  <Button type="submit" name="soloValidas" value="true" color="red" loading={busy} data-testid="aplicar-validas">
                    Aplicar solo las filas válidas ({formatUnits(valid)})
                  </Button>
                )}
              </Group>
            </Form>
          </Stack>
        </Card>
      )}

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Importar una hoja
        </Title>
        <Stack gap="md">
          <ComoImportar />
          <SubirHoja />
        </Stack>
      </Card>

      <Exportar loaderData={loaderData} />
    </Stack>
  );
}
