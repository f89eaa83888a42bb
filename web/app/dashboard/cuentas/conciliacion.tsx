// /dashboard/cuentas/conciliacion (admin, administración): the bank statement against the payments
// waiting for confirmation. Upload the statement of a bank (XLSX or CSV), choose its columns the
// first time (they are remembered for that bank), then confirm the pairs found: each order payment
// and abono is confirmed by its own path. A statement stays listed (?extracto=<id>) with the lines
// left without a pair, to come back to.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { data, Form, Link, redirect, useNavigate, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import { AMOUNT_MODES, type AmountMode, MATCH_STRENGTH_LABELS, STATEMENT_LIMITS } from '#domain/conciliacion.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import {
  CONCILIACION_ROLES,
  confirmarConciliacion,
  type ExtractoDetalle,
  extractos,
  mapearColumnas,
  type PaymentView,
  STATEMENT_MAX_BYTES,
  verExtracto,
} from '#domain/contracts/conciliacion.ts';
import { formatDate, formatDateTime } from '#domain/dates.ts';
import { type Currency, formatUsd, formatVes, toCents } from '#domain/money.ts';
import { ownValue } from '#domain/tabla.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/conciliacion';

const PAGE = '/dashboard/cuentas/conciliacion';
const API = '/api/mayor/cuentas/conciliacion/subir';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const MODE_LABELS: Record<AmountMode, string> = {
  columnas: 'Una columna de créditos (y otra de débitos)',
  signo: 'Una columna de monto: créditos positivos, débitos negativos',
  tipo: 'Una columna de monto y otra que dice si es crédito',
};

const UPLOAD_ERRORS: Record<string, string> = {
  '413': `El extracto pesa más de ${STATEMENT_MAX_BYTES / (1024 * 1024)} MB: súbalo por partes.`,
  '422': 'El extracto no se pudo leer: suba un XLSX o un CSV y elija su banco.',
};

function money(currency: Currency, value: string): string {
  return currency === 'VES' ? formatVes(toCents(value)) : formatUsd(toCents(value));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const day = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(`${iso}T12:00:00-04:00`) : iso);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, CONCILIACION_ROLES);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const selected = params.get('extracto') ?? '';
  const [list, detail] = await Promise.all([
    context.api.call(extractos, { page: /^[1-9]\d{0,8}$/.test(page) ? page : '1' }),
    /^[1-9]\d{0,8}$/.test(selected) ? context.api.call(verExtracto, { id: selected }) : Promise.resolve(null),
  ]);
  const { items, meta } = unwrapList(list);
  return {
    statements: items,
    meta: meta as ListMeta,
    detail: detail?.body.success ? detail.body.data : null,
    detailError: detail && !detail.body.success ? detail.body.message : null,
    uploadError: ownValue(UPLOAD_ERRORS, params.get('subida') ?? '') ?? null,
    editing: params.get('columnas') === '1',
  };
}

type ActionResult = FormErrors & {
  intent: string;
  confirmed?: Array<{ lineId: number; document: string }>;
  skipped?: Array<{ lineId: number; motivo: string }>;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, CONCILIACION_ROLES);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const intent = text('intent');
  const id = /^\d{1,10}$/.test(text('id')) ? Number(text('id')) : text('id');
  if (intent === 'columnas') {
    const response = await context.api.call(
      mapearColumnas,
      formInput(mapearColumnas, {
        id,
        windowDays: text('windowDays') || undefined,
        mapping: {
          date: text('date'),
          reference: text('reference'),
          description: text('description') || null,
          mode: text('mode'),
          amount: text('amount'),
          debit: text('debit') || null,
          type: text('type') || null,
          creditMarks: text('creditMarks')
            .split(/[,;]/)
            .map((m) => m.trim())
            .filter(Boolean),
          decimal: text('decimal'),
        },
      }),
    );
    if (!response.body.success) return data<ActionResult>({ ...formErrors(response), intent }, { status: response.status });
    return redirect(`${PAGE}?extracto=${response.body.data.statement.id}`);
  }
  const pairs = form.getAll('par').map((value) => {
    const [lineId, kind, paymentId] = String(value).split(':');
    return { lineId: Number(lineId), kind, paymentId: Number(paymentId) };
  });
  const response = await context.api.call(confirmarConciliacion, formInput(confirmarConciliacion, { id, pairs }));
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), intent }, { status: response.status });
  const { confirmed, skipped } = response.body.data;
  return { intent, confirmed, skipped } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Conciliación bancaria');
}

function SubirExtracto({ error }: { error: string | null }) {
  const [state, setState] = useState<{ sending: boolean; error: string | null; errors: Record<string, string[]> }>({
    sending: false,
    error,
    errors: {},
  });
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const file = body.get('archivo');
    if (!(file instanceof File) || file.size === 0) {
      setState({ sending: false, error: null, errors: { archivo: ['Elija el extracto (XLSX o CSV) que desea conciliar.'] } });
      return;
    }
    setState({ sending: true, error: null, errors: {} });
    try {
      const response = await fetch(API, { method: 'POST', body, headers: { accept: 'application/json' } });
      const answer = (await response.json().catch(() => ({}))) as {
        data?: { statement?: { id?: number } };
        message?: string;
        errors?: Record<string, string[]>;
      };
      const id = answer.data?.statement?.id;
      if (response.ok && id) {
        setState({ sending: false, error: null, errors: {} });
        navigate(`${PAGE}?extracto=${id}`);
        return;
      }
      setState({
        sending: false,
        error: answer.errors ? null : (answer.message ?? 'No se pudo subir el extracto.'),
        errors: answer.errors ?? {},
      });
    } catch {
      setState({ sending: false, error: 'Se perdió la conexión al subir el extracto. Intente de nuevo.', errors: {} });
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb={4}>
        Subir un extracto
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        El movimiento de la cuenta tal como lo exporta el banco (XLSX o CSV). Las columnas se eligen una vez por banco.
      </Text>
      <form method="post" action={API} encType="multipart/form-data" onSubmit={onSubmit} data-testid="subir-extracto">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NativeSelect
            label="Banco"
            name="banco"
            required
            data={[
              { value: '', label: 'Elija el banco' },
              ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
            ]}
            error={state.errors.banco?.[0]}
          />
          <NativeSelect
            label="Moneda de la cuenta"
            name="moneda"
            data={[
              { value: 'VES', label: 'Bolívares' },
              { value: 'USD', label: 'Dólares' },
            ]}
            error={state.errors.moneda?.[0]}
          />
          <NativeSelect
            label="Días de diferencia"
            name="dias"
            defaultValue={String(STATEMENT_LIMITS.defaultWindowDays)}
            data={Array.from({ length: STATEMENT_LIMITS.maxWindowDays + 1 }, (_, d) => ({
              value: String(d),
              label: d === 0 ? 'El mismo día' : `Hasta ${d} ${d === 1 ? 'día' : 'días'}`,
            }))}
            error={state.errors.dias?.[0]}
          />
          <TextInput
            label="Extracto"
            type="file"
            name="archivo"
            accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            error={state.errors.archivo?.[0]}
          />
        </SimpleGrid>
        {state.error && (
          <Alert color="red" mt="sm" role="alert" data-testid="error-subida">
            {state.error}
          </Alert>
        )}
        <Button type="submit" mt="md" loading={state.sending} data-testid="boton-subir">
          Subir y leer
        </Button>
      </form>
    </Card>
  );
}

function Columnas({ detail, result }: { detail: ExtractoDetalle; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const [mode, setMode] = useState<AmountMode>(detail.mapping.mode);
  const options = (optional: boolean) => [
    ...(optional ? [{ value: '', label: '(ninguna)' }] : [{ value: '', label: 'Elija la columna' }]),
    ...detail.header.map((h) => ({ value: h, label: h })),
  ];
  const m = detail.mapping;
  const err = (field: string) => fieldError(result, `mapping.${field}`);
  return (
    <Card withBorder padding="lg" data-testid="columnas">
      <Title order={3} size="h5" mb={4}>
        Columnas del extracto de {detail.statement.bankName}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {detail.mappingSaved
          ? 'Estas son las columnas guardadas para este banco; al cambiarlas se guardan para los próximos extractos.'
          : 'Es el primer extracto de este banco: elija qué columna trae cada dato. Se recordarán para los próximos.'}
      </Text>
      {detail.header.length === 0 ? (
        <Alert color="red">No se encontró una fila de títulos en las primeras 30 filas del extracto.</Alert>
      ) : (
        <Form method="post" data-testid="form-columnas">
          <input type="hidden" name="intent" value="columnas" />
          <input type="hidden" name="id" value={detail.statement.id} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <NativeSelect label="Fecha" name="date" data={options(false)} defaultValue={m.date} error={err('date')} />
            <NativeSelect label="Referencia" name="reference" data={options(false)} defaultValue={m.reference} error={err('reference')} />
            <NativeSelect label="Descripción" name="description" data={options(true)} defaultValue={m.description ?? ''} />
            <NativeSelect
              label="Cómo vienen los créditos"
              name="mode"
              value={mode}
              onChange={(e) => setMode(e.currentTarget.value as AmountMode)}
              data={AMOUNT_MODES.map((v) => ({ value: v, label: MODE_LABELS[v] }))}
            />
            <NativeSelect
              label={mode === 'columnas' ? 'Créditos (abonos)' : 'Monto'}
              name="amount"
              data={options(false)}
              defaultValue={m.amount}
              error={err('amount')}
            />
            {mode === 'columnas' && (
              <NativeSelect label="Débitos (cargos)" name="debit" data={options(true)} defaultValue={m.debit ?? ''} />
            )}
            {mode === 'tipo' && (
              <>
                <NativeSelect
                  label="Tipo de movimiento"
                  name="type"
                  data={options(false)}
                  defaultValue={m.type ?? ''}
                  error={err('type')}
                />
                <TextInput
                  label="Marcas de crédito"
                  description="Separadas por coma, como C, CR, Abono"
                  name="creditMarks"
                  defaultValue={m.creditMarks.join(', ')}
                  error={err('creditMarks')}
                />
              </>
            )}
            <NativeSelect
              label="Separador decimal"
              name="decimal"
              defaultValue={m.decimal}
              data={[
                { value: 'coma', label: 'Coma: 1.234,56' },
                { value: 'punto', label: 'Punto: 1,234.56' },
              ]}
            />
          </SimpleGrid>
          {result?.intent === 'columnas' && result.message && !result.errors && (
            <Alert color="red" mt="sm" role="alert" data-testid="error-columnas">
              {result.message}
            </Alert>
          )}
          <Button type="submit" mt="md" loading={navigation.state === 'submitting'} data-testid="guardar-columnas">
            Guardar columnas y leer
          </Button>
        </Form>
      )}
      {detail.sample.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="md" mb={4}>
            Primeras filas bajo los títulos
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder fz="xs" data-testid="muestra">
              <Table.Thead>
                <Table.Tr>
                  {detail.header.map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.sample.map((row, i) => (
                  <Table.Tr key={i}>
                    {row.slice(0, detail.header.length).map((cell, j) => (
                      <Table.Td key={j}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  );
}

function paymentText(p: PaymentView) {
  return `${p.kind === 'orden' ? 'Orden' : 'Abono a'} ${p.document}`;
}

function Pares({ detail }: { detail: ExtractoDetalle }) {
  const navigation = useNavigation();
  const currency = detail.statement.currency;
  const lines = new Map(detail.lines.map((l) => [l.id, l]));
  const payments = new Map(detail.payments.map((p) => [`${p.kind}:${p.id}`, p]));
  if (detail.matches.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="sin-pares">
        No hay líneas pendientes que coincidan con un pago por confirmar.
      </Text>
    );
  }
  return (
    <Form method="post" data-testid="form-confirmar">
      <input type="hidden" name="intent" value="confirmar" />
      <input type="hidden" name="id" value={detail.statement.id} />
      <Text size="sm" c="dimmed" mb="xs">
        Los pares por referencia y monto vienen marcados; los de monto y fecha, revíselos antes de marcarlos.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder data-testid="pares">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Línea del banco</Table.Th>
              <Table.Th>Pago por confirmar</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Coincide en</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.matches.map((m) => {
              const line = lines.get(m.lineId);
              const p = payments.get(`${m.kind}:${m.paymentId}`);
              if (!line || !p) return null;
              return (
                <Table.Tr key={m.lineId} data-testid="par">
                  <Table.Td>
                    <Checkbox
                      name="par"
                      value={`${m.lineId}:${m.kind}:${m.paymentId}`}
                      defaultChecked={m.strength === 'referencia'}
                      aria-label={`Confirmar ${paymentText(p)}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={NOWRAP}>
                      Fila {line.row} · {day(line.date)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Ref. {line.reference || '—'} · {line.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{paymentText(p)}</Text>
                    <Text size="xs" c="dimmed">
                      {p.who} · {p.method} · ref. {p.reference} · {day(p.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {money(currency, line.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} c={m.strength === 'referencia' ? 'green.8' : 'yellow.9'} data-testid="coincide">
                      {MATCH_STRENGTH_LABELS[m.strength]}
                    </Text>
                    {m.days > 0 && m.days < 1000 && (
                      <Text size="xs" c="dimmed">
                        {count(m.days, 'día', 'días')} de diferencia
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button type="submit" mt="md" loading={navigation.state === 'submitting'} data-testid="confirmar">
        Confirmar los marcados
      </Button>
    </Form>
  );
}

function Resultado({ result }: { result: ActionResult }) {
  if (result.intent !== 'confirmar') return null;
  if (result.message && !result.confirmed) {
    return (
      <Alert color="red" role="alert" data-testid="error-confirmar">
        {result.errors ? Object.values(result.errors)[0]?.[0] : result.message}
      </Alert>
    );
  }
  return (
    <Alert color={result.skipped?.length ? 'yellow' : 'green'} role="status" data-testid="resultado-confirmar">
      <Text size="sm">
        {result.confirmed?.length ?? 0} {result.confirmed?.length === 1 ? 'pago confirmado' : 'pagos confirmados'}
        {result.confirmed?.length ? `: ${result.confirmed.map((c) => c.document).join(', ')}` : ''}.
      </Text>
      {result.skipped?.map((s) => (
        <Text size="sm" key={s.lineId}>
          {s.motivo}
        </Text>
      ))}
    </Alert>
  );
}

function Extracto({ detail, editing, result }: { detail: ExtractoDetalle; editing: boolean; result: ActionResult | undefined }) {
  const s = detail.statement;
  const matchedLines = new Set(detail.matches.map((m) => m.lineId));
  const matchedPayments = new Set(detail.matches.map((m) => `${m.kind}:${m.paymentId}`));
  const loose = detail.lines.filter((l) => l.status === 'pendiente' && !matchedLines.has(l.id));
  const reconciled = detail.lines.filter((l) => l.status === 'conciliada');
  const waiting = detail.payments.filter((p) => !matchedPayments.has(`${p.kind}:${p.id}`));
  return (
    <Stack gap="md" data-testid="extracto">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {s.bankName} · {s.fileName}
            </Title>
            <Text size="sm" c="dimmed">
              Subido el {formatDateTime(s.uploadedAt)}
              {s.uploadedBy ? ` por ${s.uploadedBy}` : ''} · {s.currency === 'VES' ? 'Bolívares' : 'Dólares'} · fechas con hasta{' '}
              {s.windowDays} {s.windowDays === 1 ? 'día' : 'días'} de diferencia
            </Text>
          </div>
          {s.status === 'leido' && !editing && s.reconciled === 0 && (
            <Anchor component={Link} to={`${PAGE}?extracto=${s.id}&columnas=1`} size="sm">
              Cambiar columnas
            </Anchor>
          )}
        </Group>
        {s.status === 'leido' && (
          <Group gap="xs" mt="sm" wrap="wrap" data-testid="cuentas-extracto">
            <Badge variant="light">{count(s.lines, 'crédito', 'créditos')}</Badge>
            <Badge variant="light" color="green.8">
              {count(s.reconciled, 'conciliado', 'conciliados')}
            </Badge>
            <Badge variant="light" color="blue">
              {count(detail.matches.length, 'par por confirmar', 'pares por confirmar')}
            </Badge>
            <Badge variant="light" color="gray">
              {count(loose.length, 'línea', 'líneas')} sin pareja
            </Badge>
            <Badge variant="light" color="gray">
              {count(s.ignored, 'débito u otra fila', 'débitos u otras filas')}
            </Badge>
          </Group>
        )}
        {s.problems.length > 0 && (
          <Alert color="yellow" mt="sm" title="Filas que no se pudieron leer" data-testid="problemas">
            {s.problems.map((p) => (
              <Text size="sm" key={p.row}>
                Fila {p.row}: {p.message}
              </Text>
            ))}
          </Alert>
        )}
      </Card>
      {(s.status === 'por-mapear' || editing) && <Columnas detail={detail} result={result} />}
      {s.status === 'leido' && (
        <>
          {result && <Resultado result={result} />}
          <Card withBorder padding="lg">
            <Title order={3} size="h5" mb="xs">
              Pares encontrados
            </Title>
            <Pares detail={detail} />
          </Card>
          <Card withBorder padding="lg">
            <Title order={3} size="h5" mb="xs">
              Líneas sin pareja ({loose.length})
            </Title>
            {loose.length === 0 ? (
              <Text size="sm" c="dimmed">
                Todas las líneas tienen su pago.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder data-testid="sin-pareja">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fila</Table.Th>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Referencia</Table.Th>
                      <Table.Th>Descripción</Table.Th>
                      <Table.Th ta="right">Monto</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {loose.map((l) => (
                      <Table.Tr key={l.id} data-testid="linea-sin-pareja">
                        <Table.Td>{l.row}</Table.Td>
                        <Table.Td style={NOWRAP}>{day(l.date)}</Table.Td>
                        <Table.Td>{l.reference || '—'}</Table.Td>
                        <Table.Td>{l.description}</Table.Td>
                        <Table.Td ta="right" style={NOWRAP}>
                          {money(s.currency, l.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          <Card withBorder padding="lg">
            <Title order={3} size="h5" mb="xs">
              Pagos por confirmar sin línea ({waiting.length})
            </Title>
            {waiting.length === 0 ? (
              <Text size="sm" c="dimmed">
                Ningún otro pago en {s.currency === 'VES' ? 'bolívares' : 'dólares'} espera confirmación.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder data-testid="pagos-sin-linea">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Pago</Table.Th>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Referencia</Table.Th>
                      <Table.Th ta="right">Monto</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {waiting.map((p) => (
                      <Table.Tr key={`${p.kind}:${p.id}`} data-testid="pago-sin-linea">
                        <Table.Td>
                          {p.kind === 'orden' ? (
                            <Anchor component={Link} to={`/dashboard/venta/${p.document}`} size="sm">
                              {paymentText(p)}
                            </Anchor>
                          ) : (
                            <Text size="sm">{paymentText(p)}</Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {p.who} · {p.method}
                          </Text>
                        </Table.Td>
                        <Table.Td style={NOWRAP}>{day(p.date)}</Table.Td>
                        <Table.Td>{p.reference}</Table.Td>
                        <Table.Td ta="right" style={NOWRAP}>
                          {money(p.currency, p.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          {reconciled.length > 0 && (
            <Card withBorder padding="lg">
              <Title order={3} size="h5" mb="xs">
                Líneas conciliadas ({reconciled.length})
              </Title>
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder data-testid="conciliadas">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fila</Table.Th>
                      <Table.Th>Referencia</Table.Th>
                      <Table.Th ta="right">Monto</Table.Th>
                      <Table.Th>Pago</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {reconciled.map((l) => (
                      <Table.Tr key={l.id} data-testid="linea-conciliada">
                        <Table.Td>{l.row}</Table.Td>
                        <Table.Td>{l.reference}</Table.Td>
                        <Table.Td ta="right" style={NOWRAP}>
                          {money(s.currency, l.amount)}
                        </Table.Td>
                        <Table.Td>
                          {l.payment ? `${l.payment.kind === 'orden' ? 'Orden' : 'Abono a'} ${l.payment.document}` : ''}
                          {l.confirmedAt ? ` · ${formatDateTime(l.confirmedAt)}` : ''}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}

export default function Conciliacion({ loaderData, actionData }: Route.ComponentProps) {
  const { statements, meta, detail, detailError, uploadError, editing } = loaderData;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Conciliación bancaria
        </Title>
        <Text size="sm" c="dimmed">
          Los créditos del extracto del banco frente a los pagos de órdenes web y los abonos que esperan confirmación.
        </Text>
      </div>
      <SubirExtracto error={uploadError} />
      {detailError && <Alert color="red">{detailError}</Alert>}
      {detail && <Extracto key={detail.statement.id} detail={detail} editing={editing} result={actionData as ActionResult | undefined} />}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Extractos subidos
        </Title>
        {statements.length === 0 ? (
          <Text size="sm" c="dimmed">
            Todavía no se ha subido ningún extracto.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder data-testid="extractos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Extracto</Table.Th>
                  <Table.Th>Subido</Table.Th>
                  <Table.Th ta="right">Conciliados</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statements.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${PAGE}?extracto=${s.id}`} size="sm">
                        {s.bankName} · {s.fileName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{formatDateTime(s.uploadedAt)}</Table.Td>
                    <Table.Td ta="right">{s.status === 'leido' ? `${s.reconciled} de ${s.lines}` : 'Sin columnas'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Paginacion meta={meta} label="extractos" />
      </Card>
    </Stack>
  );
}
