// The contact form of /contact and /franchise: a message to the staff's inbox (works without
// JavaScript; a hidden honeypot field catches bots). From /franchise the subject is fixed and the
// server also opens a prospect request.
import { Alert, Box, Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type AppLoadContext, data, Form, useNavigation } from 'react-router';
import { ASUNTO_FRANQUICIA, CONTACTO_LIMITS, informar } from '#domain/contracts/contacto.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { CampoTelefono } from '#web/components/campo-identidad.tsx';
import { formInput } from '#web/lib/api.ts';
import { type FormErrors, formErrors } from '#web/lib/session.ts';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'website'] as const;

export type ContactoResult = FormErrors & { sent?: string; values?: Record<string, string> };
type Origen = 'contacto' | 'franquicia';

/** The route action of a page with this form. */
export async function enviarMensaje(request: Request, context: AppLoadContext, origen: Origen) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  if (origen === 'franquicia') values.subject = ASUNTO_FRANQUICIA;
  const response = await context.api.call(informar, formInput(informar, { ...values, origen }));
  if (!response.body.success) {
    const message = response.status === 429 ? 'Ya recibimos varios mensajes suyos: espere unos minutos antes de enviar otro.' : undefined;
    return data<ContactoResult>({ ...formErrors(response), ...(message ? { message } : {}), values }, { status: response.status });
  }
  return { sent: response.body.data.message } satisfies ContactoResult;
}

export function FormularioContacto({ result, origen = 'contacto' }: { result: ContactoResult | undefined; origen?: Origen }) {
  const busy = useNavigation().state === 'submitting';
  const error = (field: string) => fieldError(result, field);
  const value = (field: string) => result?.values?.[field] ?? '';
  if (result?.sent) {
    return (
      <Alert color="green" role="status" data-testid="contacto-enviado">
        {result.sent}
      </Alert>
    );
  }
  return (
    <Form method="post" data-testid={origen === 'franquicia' ? 'form-franquicia' : 'form-contacto'} noValidate>
      <Stack gap="sm">
        {result?.message && (
          <Alert color="red" role="alert">
            {result.errors ? 'Revise los campos marcados.' : result.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre" name="name" required autoComplete="name" defaultValue={value('name')} error={error('name')} />
          <TextInput
            label="Correo"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={value('email')}
            error={error('email')}
          />
          <CampoTelefono label="Teléfono (opcional)" name="phone" autoComplete="tel" defaultValue={value('phone')} error={error('phone')} />
          {origen === 'contacto' && (
            <TextInput
              label="Asunto"
              name="subject"
              required
              maxLength={CONTACTO_LIMITS.subject}
              defaultValue={value('subject')}
              error={error('subject')}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={origen === 'franquicia' ? 'Cuéntenos de usted: ciudad, local y experiencia' : 'Mensaje'}
          name="message"
          required
          autosize
          minRows={4}
          maxLength={CONTACTO_LIMITS.message}
          defaultValue={value('message')}
          error={error('message')}
        />
        {/* People never see this field; bots fill it, and their message is dropped. */}
        <Box style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden="true">
          <label>
            No llene este campo
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </Box>
        <Button type="submit" loading={busy} data-testid="enviar-contacto" style={{ alignSelf: 'flex-start' }}>
          Enviar mensaje
        </Button>
      </Stack>
    </Form>
  );
}
