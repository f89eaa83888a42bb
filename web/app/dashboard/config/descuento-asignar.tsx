// /dashboard/config/descuentos/asignar/{descuento?} (admin, vendedor-admin): what a discount (or a
// coupon's scope) applies to. Without a discount, choose one. One form with the líneas, the
// sub-líneas and the models assigned (checked) and those found by the searches (unchecked); saving
// replaces the assignment with what is checked.
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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { asignar, detalle, listadoDescuentos, listadoLineas, listadoModelos, listadoSublineas } from '#domain/contracts/descuento.ts';
import { DISCOUNT_APPLICATION_LABELS } from '#domain/descuentos.ts';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/descuento-asignar';
import { EstadoDescuento, reglaDe, VENTAS, vigenciaDe } from './descuento-comun.tsx';

const ID = /^[1-9]\d{0,8}$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, VENTAS);
  if (!params.descuento) {
    return {
      discount: null,
      choices: unwrap(await context.api.call(listadoDescuentos, {})),
      lines: [],
      sublines: [],
      models: [],
      query: null,
    };
  }
  const url = new URL(request.url).searchParams;
  const linea = url.get('linea') ?? '';
  const buscarSub = (url.get('buscar_sub') ?? '').trim().slice(0, 100);
  const buscarModelo = (url.get('buscar_modelo') ?? '').trim().slice(0, 100);
  const descuento = params.descuento;
  if (!ID.test(descuento)) throw data({ message: 'El descuento no existe.' }, { status: 404 });
  const discount = unwrap(await context.api.call(detalle, { id: descuento }));
  const [lines, sublines, models] = await Promise.all([
    context.api.call(listadoLineas, { descuento }),
    linea || buscarSub
      ? context.api.call(listadoSublineas, {
          descuento,
          per_page: 100,
          linea: ID.test(linea) ? linea : undefined,
          search: buscarSub || undefined,
        })
      : null,
    buscarModelo ? context.api.call(listadoModelos, { descuento, search: buscarModelo, per_page: 30 }) : null,
  ]);
  return {
    discount,
    choices: [],
    lines: unwrap(lines),
    sublines: sublines ? unwrap(sublines) : [],
    models: models ? unwrap(models) : [],
    query: { linea, buscarSub, buscarModelo, nuevo: url.get('nuevo') === '1' },
  };
}

type ActionResult = FormErrors & { saved?: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireRole(request, context.api, VENTAS);
  const form = await request.formData();
  const numbers = (name: string) =>
    form
      .getAll(name)
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
  const response = await context.api.call(asignar, {
    id: Number(params.descuento),
    lineas: numbers('linea'),
    sublineas: numbers('sublinea'),
    modelos: form.getAll('modelo').map(String),
  });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return data<ActionResult>({ saved: true });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Asignar un descuento');
}

function Elegir({ choices }: { choices: Route.ComponentProps['loaderData']['choices'] }) {
  return (
    <Stack gap="md">
      <Title order={1}>Asignar un descuento</Title>
      <Text size="sm" c="dimmed">
        Elija el descuento o el cupón que quiere asignar a líneas, sub-líneas o modelos.
      </Text>
      {choices.length === 0 ? (
        <Text c="dimmed">
          No hay descuentos para asignar.{' '}
          <Anchor component={Link} to="/dashboard/config/descuentos/registrar">
            Registre uno
          </Anchor>
          .
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {choices.map((c) => (
            <Card key={c.id} withBorder padding="sm" component={Link} to={`/dashboard/config/descuentos/asignar/${c.id}`}>
              <Text fw={600}>{c.name}</Text>
              <Text size="sm">
                {DISCOUNT_APPLICATION_LABELS[c.aplicacion]} · {reglaDe(c)}
                {c.code ? ` · ${c.code}` : ''}
              </Text>
              {!c.vigente && (
                <Badge color="gray" mt={4}>
                  No vigente
                </Badge>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export default function AsignarDescuento({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, choices, lines, sublines, models, query } = loaderData;
  const busy = useNavigation().state === 'submitting';
  if (!discount || !query) return <Elegir choices={choices} />;
  const assignedSub = new Set(discount.sublineas.map((s) => s.id));
  const assignedModels = new Set(discount.modelos.map((m) => m.code));
  const coupon = discount.aplicacion === 'cupon';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Asignar «{discount.name}»</Title>
        <EstadoDescuento d={discount} />
      </Group>
      <Text size="sm">
        {reglaDe(discount)} · {vigenciaDe(discount)}
        {discount.code ? ` · cupón ${discount.code}` : ''}
      </Text>
      {query.nuevo && !actionData && (
        <Alert color="blue" data-testid="asignar-nuevo">
          Descuento registrado. Elija a qué líneas, sub-líneas o modelos se aplica y guarde.
        </Alert>
      )}
      {actionData?.saved && (
        <Alert color="green" role="status" data-testid="asignacion-guardada">
          Asignación guardada. La tienda ya muestra los precios con este descuento.
        </Alert>
      )}
      {actionData?.message && (
        <Alert color="red" role="alert">
          {actionData.message}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {coupon
          ? 'Sin nada asignado, el cupón vale para todo el carrito; con algo asignado, solo para esas líneas del carrito.'
          : 'Sin nada asignado, el descuento no se aplica. Busque sub-líneas o modelos abajo; guarde antes de hacer otra búsqueda.'}
      </Text>

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          Buscar sub-líneas y modelos
        </Title>
        <Form method="get">
          <Group align="end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Sub-líneas de la línea"
              name="linea"
              defaultValue={query.linea}
              data={[{ value: '', label: '—' }, ...lines.map((l) => ({ value: String(l.id), label: l.name }))]}
              data-testid="buscar-linea"
            />
            <TextInput label="o con el nombre" name="buscar_sub" defaultValue={query.buscarSub} maxLength={100} />
            <TextInput
              label="Modelo (código o nombre)"
              name="buscar_modelo"
              defaultValue={query.buscarModelo}
              maxLength={100}
              data-testid="buscar-modelo"
            />
            <Button type="submit" variant="light" data-testid="buscar-asignables">
              Buscar
            </Button>
          </Group>
        </Form>
      </Card>

      <Form method="post">
        <Stack gap="md">
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="xs">
              Líneas
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {lines.map((l) => (
                <Checkbox
                  key={l.id}
                  name="linea"
                  value={l.id}
                  label={`${l.name} (${l.code})`}
                  defaultChecked={l.assigned}
                  data-testid={`linea-${l.id}`}
                />
              ))}
            </SimpleGrid>
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="xs">
              Sub-líneas
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {discount.sublineas.map((s) => (
                <Checkbox
                  key={s.id}
                  name="sublinea"
                  value={s.id}
                  label={`${s.lineName} → ${s.name}`}
                  defaultChecked
                  data-testid={`sublinea-${s.id}`}
                />
              ))}
              {sublines
                .filter((s) => !assignedSub.has(s.id))
                .map((s) => (
                  <Checkbox key={s.id} name="sublinea" value={s.id} label={`${s.lineName} → ${s.name}`} data-testid={`sublinea-${s.id}`} />
                ))}
            </SimpleGrid>
            {discount.sublineas.length === 0 && sublines.length === 0 && (
              <Text size="sm" c="dimmed">
                Ninguna asignada. Elija una línea arriba para ver sus sub-líneas.
              </Text>
            )}
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="xs">
              Modelos
            </Title>
            <Stack gap={6}>
              {discount.modelos.map((m) => (
                <Checkbox
                  key={m.code}
                  name="modelo"
                  value={m.code}
                  label={`${m.code} · ${m.name} (${m.colorName})`}
                  defaultChecked
                  data-testid={`modelo-${m.code}`}
                />
              ))}
              {models
                .filter((m) => !assignedModels.has(m.code))
                .map((m) => (
                  <Checkbox
                    key={m.code}
                    name="modelo"
                    value={m.code}
                    label={`${m.code} · ${m.name} (${m.colorName})`}
                    data-testid={`modelo-${m.code}`}
                  />
                ))}
            </Stack>
            {discount.modelos.length === 0 && models.length === 0 && (
              <Text size="sm" c="dimmed">
                Ninguno asignado. Busque un modelo arriba.
              </Text>
            )}
          </Card>
          <Group justify="space-between">
            <Button component={Link} to={coupon ? '/dashboard/cupones' : '/dashboard/config/descuentos'} variant="default">
              Volver
            </Button>
            <Button type="submit" loading={busy} data-testid="guardar-asignacion">
              Guardar asignación
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
