// /dashboard/config/cuentas-bancarias (admin, administración): the store's bank accounts, active
// or not; add one, edit one (?editar=<id>), activate or deactivate.
import { Alert, Badge, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import type { ListMeta } from '#domain/contracts/api-client.ts';
import {
  actualizarCuenta,
  BANK_ACCOUNT_METHOD_IDS,
  type BankAccount,
  type BankAccountMethod,
  registrarCuenta,
  todasLasCuentas,
} from '#domain/contracts/general.ts';
import { PAYMENT_METHODS } from '#domain/store-constants.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { useClaveTrasExito } from '#web/lib/formulario.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/cuentas-bancarias';

const ROLES = ['admin', 'administracion'] as const;
const METHOD_OPTIONS = BANK_ACCOUNT_METHOD_IDS.map((id) => ({ value: id, label: PAYMENT_METHODS[id].label }));
const BANK_OPTIONS = [
  { value: '', label: '— Sin banco (Zelle, PayPal, Uphold) —' },
  ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} ${b.name}` })),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const url = new URL(request.url);
  const page = url.searchParams.get('page') ?? '1';
  const filter = url.searchParams.get('filter') ?? '';
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  const query = {
    page: /^\d+$/.test(page) ? page : '1',
    filter: BANK_ACCOUNT_METHOD_IDS.find((id) => id === filter),
    search: search || undefined,
  };
  const list = unwrapList(await context.api.call(todasLasCuentas, query));
  const editId = Number(url.searchParams.get('editar'));
  return {
    accounts: list.items,
    meta: list.meta as ListMeta,
    filter: query.filter ?? '',
    search,
    editing: list.items.find((a) => a.id === editId) ?? null,
  };
}

function accountFromForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    // An unknown method goes as typed: the API answers 422 with the field's message.
    method: text('method') as BankAccountMethod,
    bank_code: text('bank_code'),
    rif: text('rif'),
    company_account_name: text('company_account_name'),
    company_account_email: text('company_account_email'),
    account_number: text('account_number'),
    phone: text('phone'),
    status: form.get('status') === 'on',
  };
}

type ActionResult = FormErrors & { saved: string | null; intent: string; id?: number };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  const response =
    intent === 'crear'
      ? await context.api.call(registrarCuenta, accountFromForm(form))
      : intent === 'editar'
        ? await context.api.call(actualizarCuenta, { id: String(id), ...accountFromForm(form) })
        : await context.api.call(actualizarCuenta, { id: String(id), status: form.get('status') === 'true' });
  if (!response.body.success) {
    return data<ActionResult>({ ...formErrors(response), saved: null, intent, id }, { status: response.status });
  }
  const account = response.body.data;
  const saved =
    intent === 'crear'
      ? 'Cuenta registrada.'
      : intent === 'editar'
        ? 'Cuenta actualizada.'
        : account.status
          ? `La cuenta de ${account.bank_name} quedó activa.`
          : `La cuenta de ${account.bank_name} quedó inactiva: ya no se muestra a los compradores.`;
  return { saved, intent, id, message: undefined, errors: undefined } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Cuentas bancarias');
}

/** The same list (page, filter, search) with the edit form for `id`, or without it. */
function useEditHref() {
  const location = useLocation();
  return (id: number | null) => {
    const params = new URLSearchParams(location.search);
    if (id === null) params.delete('editar');
    else params.set('editar', String(id));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
}

function AccountForm({ account, result, busy }: { account: BankAccount | null; result: ActionResult | undefined; busy: boolean }) {
  const clave = useClaveTrasExito(result, 'crear');
  const editHref = useEditHref();
  const errors = result && result.intent === (account ? 'editar' : 'crear') ? result : undefined;
  const error = (field: string) => fieldError(errors, field);
  return (
    <Form method="post" key={account ? `editar-${account.id}` : `crear-${clave}`}>
      <input type="hidden" name="intent" value={account ? 'editar' : 'crear'} />
      {account && <input type="hidden" name="id" value={account.id} />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <NativeSelect label="Método de pago" name="method" data={METHOD_OPTIONS} defaultValue={account?.method} error={error('method')} />
        <NativeSelect
          label="Banco"
          name="bank_code"
          data={BANK_OPTIONS}
          defaultValue={account?.bank_code ?? ''}
          description="Para transferencia y pago móvil."
          error={error('bank_code')}
        />
        <CampoDocumento label="RIF" name="rif" required defaultValue={account?.rif} error={error('rif')} />
        <TextInput
          label="Titular"
          name="company_account_name"
          required
          defaultValue={account?.company_account_name}
          error={error('company_account_name')}
        />
        <TextInput
          label="Correo de la cuenta"
          name="company_account_email"
          type="email"
          description="Para Zelle, PayPal y Uphold."
          defaultValue={account?.company_account_email}
          error={error('company_account_email')}
        />
        <TextInput
          label="Número de cuenta"
          name="account_number"
          inputMode="numeric"
          placeholder="0105-0012-34-1234567890"
          description="20 dígitos, para transferencia."
          defaultValue={account?.account_number}
          error={error('account_number')}
        />
        <CampoTelefono label="Teléfono" name="phone" description="Para pago móvil." defaultValue={account?.phone} error={error('phone')} />
      </SimpleGrid>
      <Group mt="md" justify="space-between">
        <Checkbox name="status" label="Activa (se muestra a los compradores)" defaultChecked={account?.status ?? true} />
        <Group>
          {account && (
            <Button component={Link} to={editHref(null)} variant="default">
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {account ? 'Guardar cambios' : 'Registrar cuenta'}
          </Button>
        </Group>
      </Group>
    </Form>
  );
}

const methodLabel = (method: string) => PAYMENT_METHODS[method as BankAccountMethod]?.label ?? method;

export default function CuentasBancarias({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const editHref = useEditHref();
  const result = actionData as ActionResult | undefined;
  const { editing } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1}>Cuentas bancarias</Title>
      {result?.saved && (
        <Alert color="green" role="status" data-testid="cuenta-guardada">
          {result.saved}
        </Alert>
      )}
      {result?.message && <Alert color="red">{result.message}</Alert>}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {editing ? `Editar la cuenta de ${editing.bank_name}` : 'Nueva cuenta'}
        </Title>
        <AccountForm account={editing} result={result} busy={busy} />
      </Card>
      <Form method="get">
        <Group align="end">
          <NativeSelect
            label="Método"
            name="filter"
            data={[{ value: '', label: 'Todos' }, ...METHOD_OPTIONS]}
            defaultValue={loaderData.filter}
          />
          <TextInput label="Buscar" name="search" placeholder="Titular, banco, RIF o número" defaultValue={loaderData.search} />
          <Button type="submit" variant="light">
            Filtrar
          </Button>
        </Group>
      </Form>
      {loaderData.accounts.length === 0 ? (
        <Text c="dimmed">No hay cuentas con ese filtro.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder data-testid="tabla-cuentas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Método</Table.Th>
                <Table.Th>Banco</Table.Th>
                <Table.Th>Titular y RIF</Table.Th>
                <Table.Th>Cuenta, teléfono o correo</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.accounts.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{methodLabel(a.method)}</Table.Td>
                  <Table.Td>{a.bank_code ? `${a.bank_code} ${a.bank_name}` : a.bank_name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.company_account_name}</Text>
                    <Text size="xs" c="dimmed">
                      {a.rif}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.account_number || a.phone || a.company_account_email}</Table.Td>
                  <Table.Td>{a.status ? <Badge color="green">Activa</Badge> : <Badge color="gray">Inactiva</Badge>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="end" wrap="nowrap">
                      <Button
                        component={Link}
                        to={editHref(a.id)}
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Editar ${methodLabel(a.method)} ${a.bank_name}`}
                      >
                        Editar
                      </Button>
                      <Form method="post">
                        <input type="hidden" name="intent" value="estado" />
                        <input type="hidden" name="id" value={a.id} />
                        <input type="hidden" name="status" value={a.status ? 'false' : 'true'} />
                        <Button type="submit" size="compact-sm" variant="light" color={a.status ? 'red' : 'green'}>
                          {a.status ? 'Desactivar' : 'Activar'}
                        </Button>
                      </Form>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paginacion meta={loaderData.meta} label="cuentas" />
    </Stack>
  );
}
