import { readFileSync, writeFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { readableVariants, theme } from './tema.ts';

// The pages without Mantine (docs/decisions/0037) read the theme's CSS variables from
// tema-variables.css; MantineProvider writes the same ones on the pages that mount it. This test
// keeps the file equal to what the provider writes. After a change to tema.ts:
// ACTUALIZAR_TEMA=1 npx vitest run web/app/lib/tema-variables.test.ts
const FILE = new URL('./tema-variables.css', import.meta.url);
const HEADER = '/* Generated from tema.ts by tema-variables.test.ts (ACTUALIZAR_TEMA=1). Do not edit. */\n';

function providerVariables(): string {
  const html = renderToString(createElement(MantineProvider, { theme, cssVariablesResolver: readableVariants, forceColorScheme: 'light' }));
  const css = html.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1];
  if (!css) throw new Error('MantineProvider no escribió sus variables');
  return `${HEADER}${css.trim().replaceAll('&quot;', '"')}\n`;
}

it('tema-variables.css tiene las variables que escribe MantineProvider con el tema de la tienda', () => {
  const expected = providerVariables();
  if (process.env.ACTUALIZAR_TEMA) writeFileSync(FILE, expected);
  expect(readFileSync(FILE, 'utf8')).toBe(expected);
  expect(expected).toContain('--mantine-primary-color-filled: var(--mantine-color-pink-filled)');
});
