import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, lighten, luminance } from '@mantine/core';

const PRIMARY_SHADE = 8;

export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: PRIMARY_SHADE,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Dark text on light filled colours (green, yellow, orange badges), for AA contrast: at 0.18 of
  // relative luminance white and black text contrast alike (4.6:1), so either choice passes.
  autoContrast: true,
  luminanceThreshold: 0.18,
});

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** `color` darkened just enough to read at AA (4.5:1, with a margin) over `background`. */
export function readableOn(color: string, background: string): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = darken(color, amount);
    if (contrast(candidate, background) >= 4.6) return candidate;
  }
  return '#000';
}

/**
 * Mantine writes the light and outline variants in shade 8 over a 10 % tint of it (over white for
 * outline); green, teal, cyan, orange, yellow and red read under 4.5:1 there, so every status badge
 * would fail WCAG AA. Each colour's text is darkened just enough instead of choosing shades by hand.
 */
export const readableVariants: CSSVariablesResolver = () => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const base = shades[PRIMARY_SHADE];
    light[`--mantine-color-${name}-light-color`] = readableOn(base, lighten(base, 0.9));
    light[`--mantine-color-${name}-outline`] = readableOn(base, '#ffffff');
  }
  return { variables: {}, light, dark: {} };
};
