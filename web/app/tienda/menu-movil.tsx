// The storefront's menu on a phone: a native <dialog> opened as a modal. The browser gives it what
// Mantine's Drawer built in JavaScript (the rest of the page inert, focus kept inside and given back,
// Escape closes it), so every storefront page no longer loads the Drawer with its scroll area and
// floating-ui (about 20 KB gzip; docs/decisions/0037). Before the page's JavaScript runs (a slow
// phone, or none at all) the burger still opens it: `commandfor`/`command` are HTML's own.

import { type ReactNode, useEffect, useRef } from 'react';
import { IconoCerrar } from '#web/components/icono-cerrar.tsx';
import classes from './menu-movil.module.css';

export const MENU_MOVIL_ID = 'menu-movil';

/** What the burger button carries so the browser opens the menu by itself (React's types lack them). */
export const ABRE_MENU_MOVIL = { commandfor: MENU_MOVIL_ID, command: 'show-modal' } as Record<string, string>;

type Props = { opened: boolean; onClose: () => void; title: string; children: ReactNode };

export function MenuMovil({ opened, onClose, title, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (opened && !element.open) element.showModal();
    if (!opened && element.open) element.close();
  }, [opened]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape, which the dialog handles itself.
    <dialog
      ref={dialog}
      id={MENU_MOVIL_ID}
      className="menu-movil"
      aria-labelledby="menu-movil-titulo"
      // A tap on the dimmed page closes it (the browser does it alone where it knows `closedby`).
      {...({ closedby: 'any' } as Record<string, string>)}
      // Escape, the close button, a link and a tap outside all end here, so the state follows the dialog.
      onClose={onClose}
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        // The panel itself is the dialog element too: only a tap outside its box closes it.
        const box = event.currentTarget.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (outside) event.currentTarget.close();
      }}
    >
      <div className="menu-movil-cabecera">
        <h2 id="menu-movil-titulo" className={classes.titulo}>
          {title}
        </h2>
        <button
          type="button"
          className={classes.cerrar}
          aria-label="Cerrar menú"
          onClick={() => dialog.current?.close()}
          {...({ commandfor: MENU_MOVIL_ID, command: 'close' } as Record<string, string>)}
        >
          <IconoCerrar />
        </button>
      </div>
      {children}
    </dialog>
  );
}
