// The storefront's menu on a phone: a native <dialog> opened as a modal. The browser gives it what
// Mantine's Drawer built in JavaScript (the rest of the page inert, focus kept inside and given back,
// Escape closes it), so every storefront page no longer loads the Drawer with its scroll area and
// floating-ui (about 20 KB gzip; docs/decisions/0037). Before the page's JavaScript runs (a slow
// phone, or none at all) the burger still opens it: `commandfor`/`command` are HTML's own.
import { type ReactNode, useEffect, useRef } from 'react';
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
          {/* Mantine's CloseButton icon. */}
          <svg viewBox="0 0 15 15" fill="none" aria-hidden="true">
            <path
              d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </button>
      </div>
      {children}
    </dialog>
  );
}
