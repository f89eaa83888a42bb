// «Nuevo color» next to the colour picker of the new-model page: a colour the catalogue lacks (code,
// name and tone), created without leaving the page. Its fields belong to a form of their own
// (`form="nuevo-color"`, placed outside the model's form, since forms do not nest): with JavaScript it
// goes through a fetcher and the page chooses the new colour; without it the page posts and comes
// back with the colour in the list, chosen. The fields are not `required` for the browser: an empty
// one reaches the API, whose message (in Spanish, whatever the browser's language) shows under it.
import { Alert, Box, Button, ColorInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** The id of the colour's own form. */
export const COLOR_FORM = 'nuevo-color';

export type ColorCreado = { code: string; name: string; hex: string };

/** The page action's answer to the colour form (`intent=color`). */
export type ColorResultado = {
  intent: 'color';
  color?: ColorCreado;
  message?: string;
  errors?: Record<string, string[]>;
  /** What was typed, to fill the fields again after a refusal without JavaScript. */
  values?: { code: string; name: string; hex: string };
};

type Props = {
  result: ColorResultado | undefined;
  busy: boolean;
};

export function NuevoColor({ result, busy }: Props) {
  const failed = Boolean(result && !result.color);
  // Open after a refusal, so the person sees what to fix; closed once the colour is created.
  const [open, setOpen] = useState(failed);
  const error = (field: string) => result?.errors?.[field]?.[0];
  const general = failed && !result?.errors ? result?.message : undefined;
  return (
    <Stack gap={6}>
      {result?.color && (
        <Text size="sm" c="teal.8" role="status" data-testid="color-creado">
          Se creó el color {result.color.name} ({result.color.code}) y quedó elegido.
        </Text>
      )}
      <Box
        component="details"
        open={open}
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
        data-testid="nuevo-color"
      >
        <Box
          component="summary"
          fz="sm"
          fw={600}
          c="var(--mantine-color-anchor)"
          style={{ cursor: 'pointer', width: 'fit-content' }}
          data-testid="abrir-nuevo-color"
        >
          Nuevo color
        </Box>
        <Stack gap="xs" mt="xs" p="sm" bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 8 }}>
          <Text size="xs" c="dimmed">
            Si el color no está en la lista, créelo aquí: queda elegido para este modelo.
          </Text>
          {general && (
            <Alert color="red" p="xs" data-testid="error-color">
              {general}
            </Alert>
          )}
          <TextInput
            label="Código del color"
            name="code"
            form={COLOR_FORM}
            withAsterisk
            maxLength={4}
            placeholder="LILA"
            defaultValue={result?.values?.code}
            description="4 letras o números: el final del código del modelo."
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            error={error('code')}
          />
          <TextInput
            label="Nombre del color"
            name="name"
            form={COLOR_FORM}
            withAsterisk
            maxLength={80}
            placeholder="Lila"
            defaultValue={result?.values?.name}
            autoComplete="off"
            error={error('name')}
          />
          <ColorInput
            label="Tono"
            name="hex"
            form={COLOR_FORM}
            withAsterisk
            format="hex"
            placeholder="#b39ddb"
            defaultValue={result?.values?.hex}
            description="Elíjalo en la paleta o escriba su código #rrggbb."
            withEyeDropper={false}
            fixOnBlur={false}
            // The palette opens above the field: below, it would cover «Crear color» on a phone.
            popoverProps={{ withinPortal: true, position: 'top-start' }}
            error={error('hex')}
            data-testid="tono-color"
          />
          <Button type="submit" form={COLOR_FORM} variant="light" loading={busy} style={{ alignSelf: 'flex-start' }}>
            Crear color
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
