// The gallery's lightbox: the large photo with previous and next, by keyboard (← →, Esc closes) and
// by swiping on a phone. Without JavaScript the thumbnails are plain links to the large pictures.
import { ActionIcon, Group, Image, Modal, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Foto } from '#domain/contracts/galeria.ts';

const SWIPE_PX = 40;

export function Visor({
  fotos,
  index,
  onChange,
  onClose,
}: {
  fotos: Foto[];
  index: number | null;
  onChange: (i: number) => void;
  onClose: () => void;
}) {
  const start = useRef<number | null>(null);
  const foto = index === null ? null : fotos[index];
  const go = (step: number) => {
    if (index === null) return;
    onChange((index + step + fotos.length) % fotos.length);
  };

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      opened={foto !== null}
      onClose={onClose}
      size="xl"
      centered
      title={foto ? foto.title || `Foto ${(index ?? 0) + 1} de ${fotos.length}` : ''}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      data-testid="visor"
    >
      {foto && (
        <>
          <Image
            src={foto.large}
            srcSet={foto.srcSet}
            sizes="(max-width: 900px) 100vw, 900px"
            alt={foto.title || `Foto ${(index ?? 0) + 1} de la galería`}
            radius="sm"
            data-testid="foto-grande"
            // A mouse drag would otherwise start the browser's own image drag and never end as a swipe.
            draggable={false}
            style={{ touchAction: 'pan-y', maxHeight: '70vh', objectFit: 'contain', userSelect: 'none' }}
            onPointerCancel={() => {
              start.current = null;
            }}
            onPointerDown={(event) => {
              start.current = event.clientX;
            }}
            onPointerUp={(event) => {
              if (start.current === null) return;
              const delta = event.clientX - start.current;
              start.current = null;
              if (Math.abs(delta) >= SWIPE_PX) go(delta < 0 ? 1 : -1);
            }}
          />
          <Group justify="space-between" mt="sm">
            <ActionIcon variant="light" size="lg" onClick={() => go(-1)} aria-label="Foto anterior">
              ‹
            </ActionIcon>
            <Text size="sm" c="dimmed" data-testid="posicion-visor">
              {(index ?? 0) + 1} de {fotos.length}
            </Text>
            <ActionIcon variant="light" size="lg" onClick={() => go(1)} aria-label="Foto siguiente">
              ›
            </ActionIcon>
          </Group>
        </>
      )}
    </Modal>
  );
}
