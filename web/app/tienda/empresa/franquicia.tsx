// /franchise: the franchise page kept in the database, and the contact form with the franchise
// subject (the message also opens a prospect request for the sales staff).
import { Box, Card, Text, Title } from '@mantine/core';
import { listarAliados } from '#domain/contracts/aliados.ts';
import { paginaRoute } from '#domain/contracts/general.ts';
import { AliadosComerciales } from '#web/components/aliados.tsx';
import { type ContactoResult, enviarMensaje, FormularioContacto } from '#web/components/formulario-contacto.tsx';
import { PaginaDeContenido } from '#web/components/pagina-de-contenido.tsx';
import { orFallback, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/franquicia';

export async function loader({ context }: Route.LoaderArgs) {
  const [pagina, aliados] = await Promise.all([context.api.call(paginaRoute, { slug: 'franchise' }), context.api.call(listarAliados, {})]);
  return { pagina: unwrap(pagina), aliados: orFallback(aliados, []) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return enviarMensaje(request, context, 'franquicia');
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.pagina.title ?? 'Franquicias', {
    path: '/franchise',
    description: 'Abra una tienda de la marca en su ciudad: cómo funciona la franquicia y un formulario para pedir información.',
  });
}

export default function Franquicia({ loaderData, actionData }: Route.ComponentProps) {
  const { pagina, aliados } = loaderData;
  return (
    <PaginaDeContenido pagina={pagina}>
      <Box my="xl">
        <AliadosComerciales aliados={aliados} />
      </Box>
      <Card withBorder padding="lg" mt="xl" style={{ position: 'relative' }} id="solicitud">
        <Title order={2} size="h3" mb={4}>
          Solicite información
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Déjenos sus datos y un asesor le escribirá con las condiciones de la franquicia.
        </Text>
        <FormularioContacto result={actionData as ContactoResult | undefined} origen="franquicia" />
      </Card>
    </PaginaDeContenido>
  );
}
