// Renders stored page text: blank lines separate paragraphs, "## " starts a heading.
import { Stack, Text, Title } from '@mantine/core';

export function Contenido({ text }: { text: string }) {
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <Stack gap="sm" className="contenido">
      {blocks.map((block, i) =>
        block.startsWith('## ') ? (
          <Title key={`${i}-${block}`} order={2} size="h4" mt="sm">
            {block.slice(3)}
          </Title>
        ) : (
          <Text key={`${i}-${block}`}>{block}</Text>
        ),
      )}
    </Stack>
  );
}
