// /dashboard/venta/clientes (admin, administración, vendedor-admin): customers with their credit,
// 15 a page. Administración and the admin set the limit (USD) and the days of credit, and authorize
// one credit sale above the limit or with overdue notes (24 hours, once); they also register a new
// customer with its credit («Nuevo cliente») before its first sale.
import { Alert, Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import { autorizar, clientes, creditoCliente, nuevoCliente } from '#domain/contracts/ventas-venta.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatUsd, montoParaCampo, parseAmountInput, toCents } from '#domain/money.ts';
import { hasAnyRole } from '#domain/roles.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { formInput, unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/clientes';

const VEN = ['admin', 'administracion', 'vendedor-admin'] as const;
const FIJAN = ['admin', 'administracion'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context.api, VEN);
  const params = new URL(request.url).searchParams;
  const page = params.get('page') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const response = await context.api.call(clientes, { page: /^[1-9]\d{0,8}$/.test(page) ? page : '1', search: search || undefined });
  const { items, meta } = unwrapList(response);
  return { clientes: items, meta: meta as ListMeta, search, fija: hasAnyRole(user.roles, FIJAN) };
}

type ActionResult = { ok?: string; message?: string; errors?: Record<string, string[]>; clienteId?: number; nuevo?: boolean; dni?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const clienteId = Number(form.get('clienteId'));
  if (form.get('intent') === 'nuevo') {
    const text = (name: string) => String(form.get(name) ?? '');
    const response = await context.api.call(
      nuevoCliente,
      formInput(nuevoCliente, {
        dni: text('dni'),
        name: text('name'),
        phone: text('phone'),
        email: text('email'),
        address: text('address'),
        creditLimit: parseAmountInput(text('creditLimit')),
        creditDays: Number(text('creditDays') || '30'),
      }),
    );
    if (!response.body.success) return data<ActionResult>({ ...formErrors(response), nuevo: true }, { status: response.status });
    const c = response.body.data;
    return data<ActionResult>({
      ok: `Cliente ${c.name} (${c.dni}) registrado con límite ${formatUsd(toCents(c.creditLimit))} a ${c.creditDays} días.`,
      nuevo: true,
      dni: c.dni,
    });
  }
  if (form.get('intent') === 'autorizar') {
    const response = await context.api.call(
      autorizar,
      formInput(autorizar, {
        dni: String(form.get('dni') ?? ''),
        maxAmount: parseAmountInput(String(form.get('maxAmount') ?? '')),
        note: String(form.get('note') ?? ''),
      }),
    );
    if (!response.body.success) return data<ActionResult>({ ...formErrors(response), clienteId }, { status: response.status });
    const a = response.body.data;
    return data<ActionResult>({
      ok: `Venta a crédito autorizada hasta ${formatUsd(toCents(a.maxAmount))}; vence el ${formatDateTime(a.expiresAt)}.`,
      clienteId,
    });
  }
  const response = await context.api.call(
    creditoCliente,
    formInput(creditoCliente, {
      clienteId,
      creditLimit: parseAmountInput(String(form.get('creditLimit') ?? '')),
      creditDays: Number(form.get('creditDays')),
    }),
  );
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), clienteId }, { status: response.status });
  return data<ActionResult>({ ok: 'Crédito guardado.', clienteId });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Clientes y crédito');
}

export default function Clientes({ loaderData }: Route.ComponentProps) {
  const { clientes: rows, meta, search, fija } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <Stack gap="md">
      <Title order={1}>Clientes y crédito</Title>
      <Text size="sm" c="dimmed">
        Un límite de 0 no da crédito sin una autorización. Una venta a crédito que pase el límite, o de un cliente con notas vencidas,
        necesita que administración la autorice.
      </Text>
      {fija && <NuevoCliente result={result?.nuevo ? result : undefined} busy={busy} />}
      <Form method="get">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Buscar"
            name="search"
            placeholder="Cédula, RIF o nombre"
            defaultValue={search}
            maxLength={100}
            style={{ flex: '1 1 14rem' }}
            data-testid="buscar-cliente"
          />
          <Button type="submit" variant="light">
            Buscar
          </Button>
          {search && (
            <Button component={Link} to="/dashboard/venta/clientes" variant="subtle">
              Limpiar
            </Button>
          )}
        </Group>
      </Form>
      {rows.length === 0 ? (
        <Alert color="gray">
          {search ? 'Ningún cliente coincide con la búsqueda.' : 'Todavía no hay clientes: se registran con su primera venta.'}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {rows.map((c) => {
            const mine = result?.clienteId === c.id ? result : undefined;
            return (
              <Card key={c.id} withBorder padding="sm" data-testid={`cliente-${c.dni}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700} truncate>
                      {c.name}
                    </Text>
                    {c.overdue && (
                      <Badge color="red" variant="light">
                        Notas vencidas
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {c.dni}
                    {c.phone ? ` · ${c.phone}` : ''}
                    {c.email ? ` · ${c.email}` : ''}
                  </Text>
                  <Text size="sm">
                    Límite {formatUsd(toCents(c.creditLimit))} · {c.creditDays} días · debe{' '}
                    <strong data-testid={`debe-${c.dni}`}>{formatUsd(toCents(c.owed))}</strong>
                  </Text>
                  {mine?.ok && (
                    <Alert color="green" py={4} data-testid={`guardado-${c.dni}`}>
                      {mine.ok}
                    </Alert>
                  )}
                  {mine?.message && (
                    <Alert color="red" py={4}>
                      {mine.message}
                    </Alert>
                  )}
                  {fija && (
                    <>
                      <Form method="post">
                        <input type="hidden" name="clienteId" value={c.id} />
                        <Group align="end" gap="xs" wrap="wrap">
                          <CampoMonto
                            label="Límite (USD)"
                            name="creditLimit"
                            defaultValue={montoParaCampo(c.creditLimit)}
                            w={120}
                            error={mine?.errors?.creditLimit?.[0]}
                            data-testid={`limite-${c.dni}`}
                          />
                          <TextInput
                            label="Días"
                            name="creditDays"
                            type="number"
                            min={0}
                            max={365}
                            defaultValue={String(c.creditDays)}
                            w={90}
                            error={mine?.errors?.creditDays?.[0]}
                            data-testid={`dias-${c.dni}`}
                          />
                          <Button type="submit" variant="light" loading={busy} data-testid={`guardar-${c.dni}`}>
                            Guardar
                          </Button>
                        </Group>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="autorizar" />
                        <input type="hidden" name="clienteId" value={c.id} />
                        <input type="hidden" name="dni" value={c.dni} />
                        <Group align="end" gap="xs" wrap="wrap">
                          <CampoMonto label="Autorizar hasta (USD)" name="maxAmount" w={150} required />
                          <TextInput label="Nota" name="note" maxLength={300} style={{ flex: '1 1 8rem' }} />
                          <Button type="submit" variant="subtle" loading={busy} data-testid={`autorizar-${c.dni}`}>
                            Autorizar
                          </Button>
                        </Group>
                      </Form>
                    </>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Paginacion meta={meta} label="clientes" />
    </Stack>
  );
}

/** «Nuevo cliente»: cédula o RIF, nombre, contacto y su crédito (admin, administración). */
function NuevoCliente({ result, busy }: { result?: ActionResult; busy: boolean }) {
  const [open, setOpen] = useState(Boolean(result?.message));
  const errors = result?.errors;
  return (
    <Card withBorder padding="sm" data-testid="nuevo-cliente">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>Nuevo cliente</Text>
        <Button variant="light" size="xs" onClick={() => setOpen((o) => !o)} data-testid="nuevo-cliente-abrir">
          {open ? 'Cerrar' : 'Nuevo cliente'}
        </Button>
      </Group>
      {result?.ok && (
        <Alert color="green" py={4} mt="xs" data-testid="nuevo-cliente-guardado">
          {result.ok} <Link to={`/dashboard/venta/clientes?search=${encodeURIComponent(result.dni ?? '')}`}>Verlo en la lista</Link>
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" py={4} mt="xs" data-testid="nuevo-cliente-error">
          {result.message}
        </Alert>
      )}
      <Collapse in={open || Boolean(result?.message)}>
        <Form method="post">
          <input type="hidden" name="intent" value="nuevo" />
          <Stack gap="xs" mt="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Cédula o RIF"
                name="dni"
                placeholder="J-12345678"
                required
                maxLength={20}
                error={errors?.dni?.[0]}
                data-testid="nuevo-dni"
              />
              <TextInput
                label="Nombre o razón social"
                name="name"
                required
                maxLength={120}
                error={errors?.name?.[0]}
                data-testid="nuevo-nombre"
              />
              <TextInput label="Teléfono" name="phone" error={errors?.phone?.[0]} data-testid="nuevo-telefono" />
              <TextInput label="Correo" name="email" error={errors?.email?.[0]} data-testid="nuevo-correo" />
            </SimpleGrid>
            <TextInput label="Dirección" name="address" maxLength={300} error={errors?.address?.[0]} />
            <Group align="end" gap="xs" wrap="wrap">
              <TextInput
                label="Límite (USD)"
                name="creditLimit"
                placeholder="1.500,00"
                inputMode="decimal"
                required
                w={140}
                error={errors?.creditLimit?.[0]}
                data-testid="nuevo-limite"
              />
              <TextInput
                label="Días"
                name="creditDays"
                type="number"
                min={0}
                max={365}
                defaultValue="30"
                w={90}
                error={errors?.creditDays?.[0]}
                data-testid="nuevo-dias"
              />
              <Button type="submit" loading={busy} data-testid="nuevo-guardar">
                Registrar cliente
              </Button>
            </Group>
          </Stack>
        </Form>
      </Collapse>
    </Card>
  );
}
