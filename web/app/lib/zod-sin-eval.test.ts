import { expect, it } from 'vitest';
import { turnOffZodCompilation } from './zod-sin-eval.ts';

it('zod lee la configuración puesta antes de cargarlo y no compila sus analizadores', async () => {
  turnOffZodCompilation();
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  const { z } = await import('zod');
  // Built after the setting, an object schema parses without `new Function`.
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      compiled++;
      return Reflect.construct(target, args);
    },
  });
  try {
    expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
  } finally {
    globalThis.Function = original;
  }
  expect(compiled).toBe(0);
});
