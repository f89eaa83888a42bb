// The storefront's menu on a phone: a native <dialog> opened as a modal. The browser gives it what
// Mantine's Drawer built in JavaScript (the rest of the page inert, focus kept inside and given back,
// Escape closes it), so every storefront page no longer loads the Drawer with its scroll area and
// floating-ui (about 20 KB gzip; docs/decisions/0037).
import { CloseButton, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

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
      className="menu-movil"
      aria-labelledby="menu-movil-titulo"
      // Escape and the close button both end here, so the state follows the dialog.
      onClose={onClose}
      // A click on the dimmed backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="menu-movil-cabecera">
        <Title order={2} size="h4" id="menu-movil-titulo">
          {title}
        </Title>
        <CloseButton aria-label="Cerrar menú" onClick={() => dialog.current?.close()} />
      </div>
      {children}
    </dialog>
  );
}
