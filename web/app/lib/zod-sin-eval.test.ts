import { expect, it } from 'vitest';
import { config, z } from 'zod';
import { turnOffZodCompilation } from './zod-sin-eval.ts';

it('con la configuración de zod (jitless), sus analizadores no se compilan con Function', () => {
  turnOffZodCompilation();
  expect(config().jitless).toBe(true);
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
