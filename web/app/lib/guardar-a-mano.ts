// A form of the panel saved by hand: its multipart body goes to the API with fetch (Mantine's
// FileInput keeps its file in state, so a <Form> cannot carry it), then the page's loaders reload,
// and only then it says «saved»: what the form shows is what was stored. Used by the footer, the
// web page settings and the commercial partners.
import { useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';

/** The API's answer to a failed save: a message and, by field, what is wrong with it. */
export type RespuestaGuardar = { success?: boolean; message?: string; errors?: Record<string, string[]> } | null;

export function useGuardarAMano() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [answer, setAnswer] = useState<RespuestaGuardar>(null);
  // React Router hands over new data before every loader has finished: the notice waits for the
  // navigation to settle, so it never sits above the old values.
  const settled = useNavigation().state === 'idle';

  /**
   * POSTs `body` to `url`. Stored: reloads the page's data, then calls `onSaved` (reset the form,
   * forget the chosen files…) and raises `saved`. Refused or unreachable: `answer` says why.
   */
  async function send(url: string, body: FormData, onSaved?: () => void): Promise<void> {
    setBusy(true);
    setDone(false);
    setAnswer(null);
    try {
      const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
      const result = (await response.json().catch(() => null)) as RespuestaGuardar;
      if (!response.ok) {
        setAnswer(result ?? { message: 'No se pudo guardar. Intente de nuevo.' });
        return;
      }
      // The stored values first, then the notice.
      await revalidator.revalidate();
      onSaved?.();
      setDone(true);
    } catch {
      setAnswer({ message: 'No se pudo guardar: revise su conexión e intente de nuevo.' });
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    answer,
    /** The first problem of `field`, for its input's `error`. */
    error: (field: string) => answer?.errors?.[field]?.[0],
    /** The last save was stored, and the page shows the stored values. */
    saved: done && settled,
    send,
  };
}
