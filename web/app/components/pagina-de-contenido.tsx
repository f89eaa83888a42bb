// A content page kept in the database (privacy, terms, franchise, any the admin adds): its title,
// when it changed and its text; a page may add its own parts below (the franchise form).
import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Pagina } from '#domain/contracts/general.ts';
import { formatDate } from '#domain/dates.ts';
import { Contenido } from '#web/components/contenido.tsx';

export function PaginaDeContenido({ pagina, children }: { pagina: Pagina; children?: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {pagina.title}
      </Title>
      <Text size="xs" c="dimmed" mb="lg">
        Actualizado el {formatDate(pagina.updatedAt)}
      </Text>
      <Contenido text={pagina.content} />
      {children}
    </Container>
  );
}
