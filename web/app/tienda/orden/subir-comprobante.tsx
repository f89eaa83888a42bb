// The picture of the payment (a screenshot of the bank's app or a photo of the slip), attached to
// the payment the buyer reported: it goes straight to the API with the order's signed link. A real
// multipart form: without JavaScript the API answers with a redirect back to this page
// (?comprobante=enviado or =rechazado); with it, the answer is read in place.
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { RECEIPT_LIMITS, RECEIPT_TYPES_TEXT } from '#domain/comprobante.ts';

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'error'; message: string };

const MB = 1024 * 1024;

const REFUSED = `No se pudo adjuntar el comprobante: elija una imagen ${RECEIPT_TYPES_TEXT} de hasta ${RECEIPT_LIMITS.maxBytes / MB} MB.`;

/** The page a form sent without JavaScript comes back to: this order's public page or its confirmation. */
function returnPath(pathname: string, code: string, token: string): string {
  const t = encodeURIComponent(token);
  return pathname.startsWith('/carrito')
    ? `/carrito/ver-orden?codigo=${encodeURIComponent(code)}&t=${t}`
    : `/orden/${encodeURIComponent(code)}?t=${t}`;
}

export function SubirComprobante({ code, token, sent }: { code: string; token: string; sent: boolean }) {
  const location = useLocation();
  const outcome = new URLSearchParams(location.search).get('comprobante');
  const [state, setState] = useState<State>(
    sent ? { status: 'sent' } : outcome === 'rechazado' ? { status: 'error', message: REFUSED } : { status: 'idle' },
  );
  const action = `/api/orden-compra/comprobante/${encodeURIComponent(code)}?t=${encodeURIComponent(token)}&volver=${encodeURIComponent(
    returnPath(location.pathname, code, token),
  )}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('comprobante');
    if (!(file instanceof File) || file.size === 0) {
      setState({ status: 'error', message: `Elija la imagen del comprobante (${RECEIPT_TYPES_TEXT}).` });
      return;
    }
    if (file.size > RECEIPT_LIMITS.maxBytes) {
      setState({ status: 'error', message: `El comprobante pesa más de ${RECEIPT_LIMITS.maxBytes / MB} MB.` });
      return;
    }
    setState({ status: 'sending' });
    const form = new FormData();
    form.append('comprobante', file);
    try {
      const response = await fetch(`/api/orden-compra/comprobante/${encodeURIComponent(code)}?t=${encodeURIComponent(token)}`, {
        method: 'POST',
        body: form,
      });
      const answer = (await response.json().catch(() => null)) as { message?: string; errors?: { comprobante?: string[] } } | null;
      if (response.ok) setState({ status: 'sent' });
      else
        setState({
          status: 'error',
          message: answer?.errors?.comprobante?.[0] ?? answer?.message ?? 'No se pudo enviar el comprobante. Intente de nuevo.',
        });
    } catch {
      setState({ status: 'error', message: 'No hay conexión. Revise su internet e intente de nuevo.' });
    }
  }

  if (state.status === 'sent') {
    return (
      <Alert color="teal" title="Comprobante enviado" data-testid="comprobante-enviado">
        La tienda lo revisará junto con su pago.
      </Alert>
    );
  }
  return (
    <Card withBorder padding="md" data-testid="subir-comprobante">
      <Title order={2} size="h4" mb={4}>
        Adjunte el comprobante del pago
      </Title>
      <Text size="sm" mb="sm">
        Una captura de la app del banco o una foto del comprobante ({RECEIPT_TYPES_TEXT}, hasta {RECEIPT_LIMITS.maxBytes / MB} MB) nos ayuda
        a confirmar su pago más rápido.
      </Text>
      <form method="post" encType="multipart/form-data" action={action} onSubmit={submit}>
        <Stack gap="sm">
          <label htmlFor="comprobante-archivo" style={{ fontSize: 14, fontWeight: 500 }}>
            Imagen del comprobante
          </label>
          <input
            id="comprobante-archivo"
            type="file"
            name="comprobante"
            accept="image/jpeg,image/png,image/webp"
            data-testid="comprobante-archivo"
            style={{ maxWidth: '100%', minHeight: 44 }}
          />
          {state.status === 'error' && (
            <Alert color="red" role="alert" data-testid="comprobante-error">
              {state.message}
            </Alert>
          )}
          <Button type="submit" w="fit-content" loading={state.status === 'sending'} data-testid="comprobante-enviar">
            Enviar comprobante
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
