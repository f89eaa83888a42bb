// /dashboard/configurar/productos/nuevo (admin, inventario): a new model — its sub-línea, base code
// and colour (the model's code), name, description, sizes (one article each), price and promotion.
// ?base=…&sublinea=… starts from an existing style to add it in another colour. A colour the
// catalogue lacks is created right there («Nuevo color», intent=color) and comes back chosen.
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { buscarLineas, opcionesProducto, registrarColor, registrarProducto } from '#domain/contracts/configuracion.ts';
import { montoParaCampo, parseAmountInput } from '#domain/money.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { formInput, unwrap } from '#web/lib/api.ts';
import { allCritical } from '#web/lib/criticas.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/producto-nuevo';
import { OVERRIDE_OPTIONS, ROLES, sublineaOptions } from './catalogo-vista.tsx';
import { COLOR_FORM, type ColorResultado, NuevoColor } from './nuevo-color.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const [lineas, opciones] = await allCritical(context.publicUrl, [
    context.api.call(buscarLineas, {}),
    context.api.call(opcionesProducto, {}),
  ]);
  const text = (name: string, max: number) => (params.get(name) ?? '').slice(0, max);
  return {
    lineas: unwrap(lineas),
    opciones: unwrap(opciones),
    // Another colour of an existing style starts with its data.
    inicio: {
      baseCode: text('base', 16),
      sublineaId: /^\d{1,9}$/.test(params.get('sublinea') ?? '') ? text('sublinea', 9) : '',
      name: text('nombre', 80),
      description: text('descripcion', 2000),
      price: text('precio', 12),
    },
  };
}

const optionalId = (value: FormDataEntryValue | null) => (value === null || value === '' ? undefined : Number(value));

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  if (form.get('intent') === 'color') return crearColor(context.api, text);
  const response = await context.api.call(
    registrarProducto,
    formInput(registrarProducto, {
      sublineaId: optionalId(form.get('sublineaId')),
      baseCode: text('baseCode'),
      colorCode: text('colorCode'),
      name: text('name'),
      description: text('description'),
      sizes: form.getAll('sizes').map(String),
      price: parseAmountInput(text('price')),
      promotion: parseAmountInput(text('promotion')) || '0',
      active: form.get('active') === 'on',
      nuevo: text('nuevo'),
      masVendido: text('masVendido'),
    }),
  );
  if (!response.body.success) return data<FormErrors>(formErrors(response), { status: response.status });
  throw redirect(`/dashboard/configurar/productos/${encodeURIComponent(response.body.data.code)}?creado=1`);
}

/** «Nuevo color»: field messages under each field; the one refusal that is not a field's (the code already exists) goes under the code. */
async function crearColor(api: Route.ActionArgs['context']['api'], text: (name: string) => string) {
  const values = { code: text('code'), name: text('name'), hex: text('hex') };
  const response = await api.call(registrarColor, formInput(registrarColor, values));
  if (response.body.success) return data<ColorResultado>({ intent: 'color', color: response.body.data });
  const { message, errors } = response.body;
  return data<ColorResultado>(
    { intent: 'color', message, errors: errors ?? (response.status === 400 ? { code: [message] } : undefined), values },
    { status: response.status },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Nuevo modelo');
}

export default function ProductoNuevo({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { lineas, opciones, inicio } = loaderData;
  const colorFetcher = useFetcher<ColorResultado>();
  // Without JavaScript the colour form posts the page: its answer comes as the page's action data.
  const answer = actionData as FormErrors | ColorResultado | undefined;
  const colorResult = colorFetcher.data ?? (answer && 'intent' in answer ? answer : undefined);
  const result = answer && !('intent' in answer) ? answer : undefined;
  const error = (field: string) => fieldError(result, field);
  const created = colorResult?.color;
  const [colorCode, setColorCode] = useState(created?.code ?? '');
  useEffect(() => {
    if (colorFetcher.data?.color) setColorCode(colorFetcher.data.color.code);
  }, [colorFetcher.data]);
  // The new colour is in the list even before the page's data is read again.
  const colores = created && !opciones.colores.some((c) => c.code === created.code) ? [...opciones.colores, created] : opciones.colores;
  const chosen = colores.find((c) => c.code === colorCode);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Nuevo modelo</Title>
        <Button component={Link} to="/dashboard/configurar/productos" variant="subtle">
          Volver a productos
        </Button>
      </Group>
      {result?.message && (
        <Alert color="red" data-testid="error-modelo">
          {result.message}
        </Alert>
      )}
      <Form method="post">
        <Stack gap="md">
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Código
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect
                label="Sub-línea"
                name="sublineaId"
                required
                data={sublineaOptions(lineas, 'Elija la sub-línea')}
                defaultValue={inicio.sublineaId}
                error={error('sublineaId')}
              />
              <TextInput
                label="Código base"
                name="baseCode"
                required
                placeholder="DBLU006"
                description="El estilo, sin el color."
                defaultValue={inicio.baseCode}
                error={error('baseCode')}
              />
              <Stack gap="xs">
                <NativeSelect
                  label="Color"
                  name="colorCode"
                  required
                  data={[
                    { value: '', label: 'Elija el color' },
                    ...colores.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
                  ]}
                  value={colorCode}
                  onChange={(event) => setColorCode(event.currentTarget.value)}
                  leftSection={chosen ? <ColorSwatch color={chosen.hex} size={18} data-testid="muestra-color" /> : undefined}
                  description="El modelo es el código base + el código del color."
                  error={error('colorCode')}
                />
                {/* A new colour is remembered by its code: the next one starts on an empty form. */}
                <NuevoColor key={created?.code ?? 'nuevo'} result={colorResult} busy={colorFetcher.state !== 'idle'} />
              </Stack>
            </SimpleGrid>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Descripción y precio
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Nombre" name="name" required defaultValue={inicio.name} error={error('name')} />
              <SimpleGrid cols={2}>
                <CampoMonto
                  label="Precio (USD)"
                  name="price"
                  required
                  placeholder="19,99"
                  defaultValue={montoParaCampo(inicio.price)}
                  error={error('price')}
                />
                <CampoMonto
                  label="Promoción (USD menos)"
                  name="promotion"
                  placeholder="0,00"
                  description="Se descuenta del precio."
                  error={error('promotion')}
                />
              </SimpleGrid>
            </SimpleGrid>
            <Textarea
              label="Descripción"
              name="description"
              mt="sm"
              autosize
              minRows={3}
              defaultValue={inicio.description}
              error={error('description')}
            />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb={4}>
              Tallas
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Cada talla es un artículo: código del modelo + código de la talla.
            </Text>
            <Group gap="md" wrap="wrap" data-testid="tallas">
              {opciones.tallas.map((t) => (
                <Checkbox key={t.code} name="sizes" value={t.code} label={t.label} />
              ))}
            </Group>
            {error('sizes') && (
              <Text c="red" size="sm" mt="xs">
                {error('sizes')}
              </Text>
            )}
          </Card>
          <Card withBorder padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Checkbox name="active" label="Activo (se ve en la tienda)" defaultChecked mt="md" />
              <NativeSelect
                label="En «lo nuevo»"
                name="nuevo"
                data={OVERRIDE_OPTIONS}
                defaultValue="auto"
                description="Automático: por su fecha."
              />
              <NativeSelect
                label="En «más vendidos»"
                name="masVendido"
                data={OVERRIDE_OPTIONS}
                defaultValue="auto"
                description="Automático: por lo que vende."
              />
            </SimpleGrid>
          </Card>
          <Group justify="end">
            <Button type="submit" loading={busy}>
              Crear modelo
            </Button>
          </Group>
        </Stack>
      </Form>
      <colorFetcher.Form id={COLOR_FORM} method="post" hidden>
        <input type="hidden" name="intent" value="color" />
      </colorFetcher.Form>
    </Stack>
  );
}
