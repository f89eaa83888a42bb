// The scheduling card of a campaign that has not started: pick the date and time it goes out, and
// once it is «programada», move that time or cancel it (it goes back to draft) until the job starts it.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Form, useNavigation } from 'react-router';
import type { Campana } from '#domain/contracts/boletin.ts';
import { caracasParts, formatDateTime } from '#domain/dates.ts';
import { fieldError } from '#web/components/campo-error.ts';
import type { FormErrors } from '#web/lib/session.ts';
import { FechaProgramada } from './fecha-programada.tsx';

export type ProgramarResult = FormErrors & { programada_para?: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the picker holds it, in Caracas time. */
function pickerValue(iso: string): string {
  const p = caracasParts(iso);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:00`;
}

export function ProgramarEnvio({ campana, today, result }: { campana: Campana; today: string; result?: ProgramarResult }) {
  const busy = useNavigation().state === 'submitting';
  const programada = campana.estado === 'programada' && campana.programadaPara;
  const initial = result?.programada_para || (campana.programadaPara ? pickerValue(campana.programadaPara) : null);
  return (
    <Card withBorder padding="md" data-testid="programar-envio">
      <Stack gap="sm">
        {programada ? (
          <Text data-testid="programada-para">
            Programada para <strong>{formatDateTime(programada)}</strong> (hora de Caracas). Hasta esa hora puede cambiar su texto, moverla
            o cancelarla.
          </Text>
        ) : (
          <Text>O prográmela: saldrá sola a la hora que elija.</Text>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="programar" />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 220px', minWidth: 0 }}>
              <FechaProgramada
                key={campana.programadaPara ?? 'sin-programar'}
                name="programada_para"
                initial={initial}
                minDate={today}
                error={fieldError(result, 'programada_para')}
              />
            </div>
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={busy} data-testid="programar-campana">
              {programada ? 'Reprogramar' : 'Programar envío'}
            </Button>
          </Group>
        </Form>
        {programada && (
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="cancelar-programacion"
              variant="light"
              color="red"
              data-testid="cancelar-programacion"
            >
              Cancelar la programación
            </Button>
          </Form>
        )}
      </Stack>
    </Card>
  );
}
