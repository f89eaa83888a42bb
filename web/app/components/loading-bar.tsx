// Top loading bar (docs/arquitectura.md §Barra de carga): appears after 200 ms of navigation, grows over 5 s, hides 500 ms after.
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR } from '#domain/barra-de-carga.ts';

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<'hidden' | 'running' | 'done'>('hidden');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), LOADING_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'done' : current));
    const timer = setTimeout(() => setPhase('hidden'), LOADING_BAR.hideAfterMs);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'hidden') return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Cargando"
      style={{ width: phase === 'running' ? '85%' : '100%', opacity: phase === 'done' ? 0 : 1 }}
    />
  );
}
