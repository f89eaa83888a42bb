// A form of the panel saved by hand: its multipart body goes to the API with fetch (Mantine's
// FileInput keeps its file in state, so a <Form> cannot carry it), then the page's loaders reload,
// and only once the reloaded data is on screen it says «saved»: what the form shows is what was
// stored. Used by the footer, the web page settings and the commercial partners.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigation, useRevalidator } from 'react-router';

/** The API's answer to a failed save: a message and, by field, what is wrong with it. */
export type RespuestaGuardar = { success?: boolean; message?: string; errors?: Record<string, string[]> } | null;

export function useGuardarAMano() {
  const revalidator = useRevalidator();
  // The page's loader data: a new object once a reload is on screen. React Router commits reloaded
  // data in a transition, so the end of `revalidate()` can come before the screen shows it.
  const shown = useLoaderData();
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const [sending, setSending] = useState(false);
  // The data on screen when the reload after the last stored save was asked for: the save is done
  // when something newer is shown.
  const [reloadedOver, setReloadedOver] = useState<{ data: unknown } | null>(null);
  const [answer, setAnswer] = useState<RespuestaGuardar>(null);
  const afterSave = useRef<(() => void) | undefined>(undefined);
  // React Router hands over new data before every loader has finished: the notice waits for the
  // navigation to settle, so it never sits above the old values.
  const settled = useNavigation().state === 'idle';
  const saved = reloadedOver !== null && shown !== reloadedOver.data && settled;

  // The form is reset (drawn again, files forgotten) once the stored values are there to draw…
  useLayoutEffect(() => {
    if (!saved) return;
    const reset = afterSave.current;
    afterSave.current = undefined;
    reset?.();
  }, [saved]);
  // …or when the reload takes the form away (the partner that fills the last place hides «Agregar»).
  useEffect(
    () => () => {
      afterSave.current?.();
      afterSave.current = undefined;
    },
    [],
  );

  /**
   * POSTs `body` to `url`. Stored: reloads the page's data and, once it is on screen, calls
   * `onSaved` (reset the form, forget the chosen files…) and raises `saved`. Refused or
   * unreachable: `answer` says why.
   */
  async function send(url: string, body: FormData, onSaved?: () => void): Promise<void> {
    setSending(true);
    setReloadedOver(null);
    setAnswer(null);
    try {
      const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
      const result = (await response.json().catch(() => null)) as RespuestaGuardar;
      if (!response.ok) {
        setAnswer(result ?? { message: 'No se pudo guardar. Intente de nuevo.' });
        return;
      }
      afterSave.current = onSaved;
      setReloadedOver({ data: shownNow.current });
      await revalidator.revalidate();
    } catch {
      afterSave.current = undefined;
      setReloadedOver(null);
      setAnswer({ message: 'No se pudo guardar: revise su conexión e intente de nuevo.' });
    } finally {
      setSending(false);
    }
  }

  return {
    /** Sending, or stored and waiting for the reloaded values to show: the button stays busy. */
    busy: sending || (reloadedOver !== null && !saved),
    answer,
    /** The first problem of `field`, for its input's `error`. */
    error: (field: string) => answer?.errors?.[field]?.[0],
    /** The last save was stored, and the page shows the stored values. */
    saved,
    send,
  };
}
