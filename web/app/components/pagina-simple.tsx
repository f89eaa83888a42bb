// A page with a title, an introduction and optional content: for sections whose data is not in yet.
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PaginaSimple({ title, intro, aviso, children }: { title: string; intro?: string; aviso?: string; children?: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {intro && <Text c="dimmed">{intro}</Text>}
        {aviso && (
          <Alert color="gray" variant="light">
            {aviso}
          </Alert>
        )}
        {children}
      </Stack>
    </Container>
  );
}
