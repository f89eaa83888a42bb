// The form of a campaign (new and draft): subject, the blog's rich-text editor and a product
// picker whose cards (photo, name, price) go under the text of the mail. The server cleans the
// HTML with the blog's allow-list whatever the editor sends.
import { ActionIcon, Alert, Button, Card, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { BOLETIN_LIMITS } from '#domain/contracts/boletin.ts';
import type { ArticleCard } from '#domain/contracts/catalogo.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { Precio } from '#web/components/precio.tsx';
import { EditorTexto } from '#web/dashboard/blog/editor-texto.tsx';
import type { FormErrors } from '#web/lib/session.ts';

/** A chosen product as the picker shows it. */
export type ProductoElegido = Pick<ArticleCard, 'model' | 'name' | 'image' | 'price' | 'promotion' | 'discount'>;

export type CampanaFormResult = FormErrors & { done?: string; values?: { asunto: string; contenido: string } };

/** Where the picker's search is answered (the loader of /dashboard/boletin/nueva with ?buscar=). */
export const BUSCAR_PRODUCTOS = '/dashboard/boletin/nueva';

export function campanaValues(form: FormData) {
  return {
    asunto: String(form.get('asunto') ?? ''),
    contenido: String(form.get('contenido') ?? ''),
    productos: form.getAll('productos').map(String),
  };
}

function SelectorProductos({ initial }: { initial: ProductoElegido[] }) {
  const [chosen, setChosen] = useState<ProductoElegido[]>(initial);
  const [search, setSearch] = useState('');
  const fetcher = useFetcher<{ resultados: ProductoElegido[] }>();
  const results = (fetcher.data?.resultados ?? []).filter((r) => !chosen.some((c) => c.model === r.model));
  const full = chosen.length >= BOLETIN_LIMITS.productos;
  const buscar = () => {
    if (search.trim().length >= 2) fetcher.load(`${BUSCAR_PRODUCTOS}?buscar=${encodeURIComponent(search.trim())}`);
  };
  return (
    <Stack gap="xs" data-testid="selector-productos">
      <Text fw={500} size="sm">
        Productos en el correo ({chosen.length} de {BOLETIN_LIMITS.productos})
      </Text>
      {chosen.map((p) => (
        <input key={p.model} type="hidden" name="productos" value={p.model} />
      ))}
      {chosen.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {chosen.map((p) => (
            <Card key={p.model} withBorder padding="xs" data-testid="producto-elegido">
              <Image src={p.image} alt="" h={90} fit="contain" />
              <Text size="sm" lineClamp={2}>
                {p.name}
              </Text>
              <Precio price={p.price} promotion={p.promotion} discount={p.discount} size="sm" />
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                onClick={() => setChosen((list) => list.filter((x) => x.model !== p.model))}
                aria-label={`Quitar ${p.name}`}
              >
                Quitar
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Buscar un producto"
          placeholder="Nombre o código"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              buscar();
            }
          }}
          style={{ flex: 1, minWidth: 0 }}
          disabled={full}
          data-testid="buscar-producto"
        />
        <Button variant="light" onClick={buscar} loading={fetcher.state !== 'idle'} disabled={full}>
          Buscar
        </Button>
      </Group>
      {fetcher.data && results.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin resultados.
        </Text>
      )}
      {results.length > 0 && (
        <Stack gap={4}>
          {results.map((r) => (
            <Group key={r.model} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Image src={r.image} alt="" w={40} h={40} fit="contain" />
                <Text size="sm" truncate>
                  {r.name}
                </Text>
              </Group>
              <ActionIcon
                variant="light"
                onClick={() => setChosen((list) => [...list, r])}
                disabled={full}
                aria-label={`Agregar ${r.name}`}
                data-testid="agregar-producto"
              >
                +
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function FormCampana({
  campana,
  productos,
  result,
  submitLabel,
}: {
  campana: { asunto: string; contenido: string } | null;
  productos: ProductoElegido[];
  result: CampanaFormResult | undefined;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? campana ?? { asunto: '', contenido: '' };
  return (
    <Form method="post" noValidate data-testid="form-campana">
      <Stack gap="md">
        {result?.message && (
          <Alert color="red" role="alert">
            {result.errors ? 'Revise los campos marcados.' : result.message}
          </Alert>
        )}
        {result?.done && (
          <Alert color="green" role="status">
            {result.done}
          </Alert>
        )}
        <TextInput
          label="Asunto"
          name="asunto"
          required
          maxLength={BOLETIN_LIMITS.asunto}
          defaultValue={values.asunto}
          error={fieldError(result, 'asunto')}
        />
        <EditorTexto name="contenido" initial={values.contenido} error={fieldError(result, 'contenido')} ariaLabel="Texto del boletín" />
        <SelectorProductos initial={productos} />
        {fieldError(result, 'productos') && (
          <Text c="red" size="sm">
            {fieldError(result, 'productos')}
          </Text>
        )}
        <Button
          type="submit"
          name="intent"
          value="guardar"
          loading={busy}
          style={{ alignSelf: 'flex-start' }}
          data-testid="guardar-campana"
        >
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
