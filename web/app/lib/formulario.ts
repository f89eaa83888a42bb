// A form that succeeded starts empty again: its key changes each time the action answers success
// (`ok`, `saved` or `done`, for its intent), so React mounts it anew with its default values, even
// when the answer's message is the same as the last one. Without JavaScript the page is rendered
// again anyway.
import { useRef } from 'react';

type Respuesta = { ok?: unknown; saved?: unknown; done?: unknown; intent?: unknown };

export function useClaveTrasExito(actionData: Respuesta | null | undefined, intent?: string): number {
  const previo = useRef(actionData);
  const clave = useRef(0);
  if (actionData !== previo.current) {
    previo.current = actionData;
    if ((actionData?.ok || actionData?.saved || actionData?.done) && (intent === undefined || actionData.intent === intent))
      clave.current += 1;
  }
  return clave.current;
}
