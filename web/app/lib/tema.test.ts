import { DEFAULT_THEME, lighten, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableOn, readableVariants, theme } from './tema.ts';

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('colores legibles de las variantes light y outline', () => {
  it('cada color de Mantine lee a 4,5:1 sobre su tinte y sobre blanco', () => {
    const { light } = readableVariants({ ...DEFAULT_THEME, ...theme } as never);
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = light[`--mantine-color-${name}-light-color`];
      expect(contrast(text, lighten(shades[8], 0.9)), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[`--mantine-color-${name}-outline`], '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('un color que ya se lee no se oscurece', () => {
    expect(contrast(readableOn('#212529', '#ffffff'), '#ffffff')).toBeCloseTo(contrast('#212529', '#ffffff'), 5);
  });

  it('el verde de Mantine, que no llega a 4,5:1, se oscurece', () => {
    const green = DEFAULT_THEME.colors.green[8];
    expect(contrast(green, '#ffffff')).toBeLessThan(4.5);
    expect(contrast(readableOn(green, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
