// The newsletter sign-up form, in the store's footer and on /boletin: a real form that posts to
// /boletin (the answer shows there without JavaScript, inline with it through a fetcher).
import { Alert, Box, Button, Group, TextInput } from '@mantine/core';
import { useFetcher } from 'react-router';
import { fieldError } from '#web/components/campo-error.ts';
import type { FormErrors } from '#web/lib/session.ts';

export type SuscripcionResult = FormErrors & { sent?: string; email?: string };

/** `dark`: on the footer's dark background. `initial`: the answer /boletin rendered without JavaScript. */
export function FormularioBoletin({ dark = false, initial }: { dark?: boolean; initial?: SuscripcionResult }) {
  const fetcher = useFetcher<SuscripcionResult>();
  const result = fetcher.data ?? initial;
  const busy = fetcher.state !== 'idle';
  if (result?.sent) {
    return (
      <Alert color="green" role="status" data-testid="boletin-enviado">
        {result.sent}
      </Alert>
    );
  }
  const error = result?.message && !result.errors ? result.message : fieldError(result, 'email');
  return (
    <fetcher.Form method="post" action="/boletin" noValidate data-testid="form-boletin" style={{ position: 'relative' }}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          name="email"
          type="email"
          required
          autoComplete="email"
          label="Su correo"
          placeholder="nombre@correo.com"
          defaultValue={result?.email ?? ''}
          error={error}
          style={{ flex: 1, minWidth: 0 }}
          styles={dark ? { label: { color: 'var(--mantine-color-gray-3)' } } : undefined}
        />
        <Button type="submit" loading={busy} mt={25} data-testid="suscribirme">
          Suscribirme
        </Button>
      </Group>
      {/* People never see this field; bots fill it, and nothing is kept. */}
      <Box style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden="true">
        <label>
          No llene este campo
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
    </fetcher.Form>
  );
}
