// Pieces of the import page: the upload with its progress bar (XMLHttpRequest, the only browser
// API that reports upload progress; without JavaScript the form posts to the API, which sends the
// browser back here), and the preview: counts, problems by row and column, the rows that change
// (tables from 576 px, cards below).
import { Alert, Badge, Button, Card, Group, Input, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ImportRowError, ImportRowPreview, VistaPreviaImportacion } from '#domain/contracts/configuracion-importar.ts';
import { formatUnits } from '#domain/existencia.ts';
import { CHANGE_LABELS, formatChangeValue, IMPORT_LIMITS, type RowStatus, STATUS_LABELS } from '#domain/importar-catalogo.ts';

export const PAGE = '/dashboard/configurar/productos/importar';

type Estado = { progress: number | null; error: string | null };

export function SubirHoja() {
  const [estado, setEstado] = useState<Estado>({ progress: null, error: null });
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const file = body.get('archivo');
    if (!(file instanceof File) || file.size === 0) {
      setEstado({ progress: null, error: 'Elija la hoja (XLSX o CSV) que desea importar.' });
      return;
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setEstado({
        progress: null,
        error: `La hoja pesa más de ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB: divídala en varios archivos.`,
      });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setEstado((s) => ({ ...s, progress: Math.round((e.loaded / e.total) * 100) }));
    };
    xhr.onload = () => {
      let answer: { success?: boolean; message?: string; data?: { id?: string } } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = {};
      }
      if (xhr.status === 200 && answer.data?.id) {
        form.reset();
        setEstado({ progress: null, error: null });
        navigate(`${PAGE}?vista=${answer.data.id}`);
      } else {
        setEstado({ progress: null, error: answer.message ?? 'No se pudo leer la hoja. Intente de nuevo.' });
      }
    };
    xhr.onerror = () => setEstado({ progress: null, error: 'Se perdió la conexión al subir la hoja. Intente de nuevo.' });
    setEstado({ progress: 0, error: null });
    xhr.send(body);
  }

  const uploading = estado.progress !== null;
  return (
    <form
      method="post"
      action="/api/configuracion/importar-productos"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      data-testid="subir-hoja"
    >
      <Stack gap="xs">
        <Input.Wrapper
          label="Hoja a importar"
          description={`XLSX o CSV, hasta ${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB y ${formatUnits(IMPORT_LIMITS.maxRows)} filas.`}
        >
          <input
            type="file"
            name="archivo"
            accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={uploading}
            data-testid="archivo-hoja"
            style={{ display: 'block', maxWidth: '100%', marginTop: 6 }}
          />
        </Input.Wrapper>
        <Group>
          <Button type="submit" loading={uploading} data-testid="subir-hoja-boton">
            Ver vista previa
          </Button>
        </Group>
        {uploading && (
          <Stack gap={2}>
            <Progress value={estado.progress ?? 0} animated aria-label="Progreso de la subida" data-testid="progreso-hoja" />
            <Text size="xs" c="dimmed">
              {estado.progress === 100 ? 'Revisando cada fila…' : `Subiendo… ${estado.progress} %`}
            </Text>
          </Stack>
        )}
        {estado.error && (
          <Alert color="red" data-testid="error-subida">
            {estado.error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

const STATUS_COLORS: Record<RowStatus, string> = { nuevo: 'blue', cambia: 'yellow', igual: 'gray' };

function Conteo({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Card withBorder padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId}>
        {formatUnits(value)}
      </Text>
    </Card>
  );
}

export function Resumen({ preview }: { preview: VistaPreviaImportacion }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" data-testid="resumen-importacion">
      <Conteo label="Filas" value={preview.total} color="dark" testId="conteo-total" />
      <Conteo label="Nuevas" value={preview.created} color="blue" testId="conteo-nuevas" />
      <Conteo label="Cambian" value={preview.changed} color="yellow.8" testId="conteo-cambian" />
      <Conteo label="Sin cambios" value={preview.unchanged} color="gray" testId="conteo-iguales" />
      <Conteo label="Con errores" value={preview.invalid} color="red" testId="conteo-errores" />
    </SimpleGrid>
  );
}

export function Errores({ errors, total }: { errors: ImportRowError[]; total: number }) {
  if (errors.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {total === 1 ? '1 problema' : `${formatUnits(total)} problemas`}
        {total > errors.length ? ` (se muestran los primeros ${formatUnits(errors.length)})` : ''}. La fila es la de la hoja.
      </Text>
      <Table striped withTableBorder visibleFrom="xs" data-testid="tabla-errores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Fila</Table.Th>
            <Table.Th w={160}>Columna</Table.Th>
            <Table.Th>Problema</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={i} data-testid="error-fila" data-fila={e.row}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="xs" data-testid="tarjetas-errores">
        {errors.map((e, i) => (
          <Card key={i} withBorder padding="xs" data-testid="error-tarjeta" data-fila={e.row}>
            <Text size="sm" fw={600}>
              Fila {e.row} · {e.column}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {e.message}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

function Cambios({ row }: { row: ImportRowPreview }) {
  return (
    <Stack gap={0}>
      {row.changes.map((c, i) => (
        <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {CHANGE_LABELS[c.field]}
          {c.tienda ? ` ${c.tienda}` : ''}
          {c.field === 'modelo' || c.field === 'articulo' ? (
            ''
          ) : (
            <>
              : {c.before === null ? '' : `${formatChangeValue(c.field, c.before)} → `}
              <strong>{formatChangeValue(c.field, c.after)}</strong>
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

export function Filas({ preview }: { preview: VistaPreviaImportacion }) {
  if (preview.rows.length === 0) return <Text c="dimmed">Ninguna fila crea ni cambia nada.</Text>;
  const shown = preview.rows.length;
  const changing = preview.created + preview.changed;
  return (
    <Stack gap="xs">
      {changing > shown && (
        <Text size="sm" c="dimmed">
          Se muestran las primeras {formatUnits(shown)} de {formatUnits(changing)} filas que crean o cambian algo.
        </Text>
      )}
      <Table striped withTableBorder visibleFrom="xs" data-testid="tabla-filas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Fila</Table.Th>
            <Table.Th>Artículo</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Qué cambia</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((r) => (
            <Table.Tr key={r.row} data-testid="fila-previa">
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>{r.articleCode}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[r.status]} variant="light">
                  {STATUS_LABELS[r.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Cambios row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="xs" data-testid="tarjetas-filas">
        {preview.rows.map((r) => (
          <Card key={r.row} withBorder padding="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate>
                Fila {r.row} · {r.articleCode}
              </Text>
              <Badge color={STATUS_COLORS[r.status]} variant="light">
                {STATUS_LABELS[r.status]}
              </Badge>
            </Group>
            <Cambios row={r} />
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
