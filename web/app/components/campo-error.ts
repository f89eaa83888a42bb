// The first message the API gave for a form field, for Mantine's `error` prop.
import type { FormErrors } from '#web/lib/session.ts';

export function fieldError(result: FormErrors | undefined, field: string): string | undefined {
  return result?.errors?.[field]?.[0];
}
