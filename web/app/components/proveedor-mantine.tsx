// Mantine's provider with the store's theme, for the layouts whose pages use Mantine components
// (tienda/con-mantine.tsx, dashboard/layout.tsx). The pages a shopper browses do not mount it
// (docs/decisions/0037); root.tsx loads the same theme variables for them (lib/tema-variables.css).
import '#web/lib/estilos-tienda.ts';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { readableVariants, theme } from '#web/lib/tema.ts';

export function ProveedorMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableVariants} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
