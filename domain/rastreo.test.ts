import { describe, expect, it } from 'vitest';
import { CARRIER_TRACKING_PAGES, trackingLink } from './rastreo.ts';

describe('trackingLink', () => {
  it('MRW, Zoom y TEALCA enlazan su página de rastreo, en https', () => {
    expect(trackingLink('mrw', 'MRW123456789')).toEqual({ href: 'https://www.mrwve.com/', label: 'Seguir el envío en MRW' });
    expect(trackingLink('zoom', '1234')?.href).toBe('https://zoom.red/');
    expect(trackingLink('tealca', '1234')?.label).toBe('Seguir el envío en TEALCA');
    for (const page of Object.values(CARRIER_TRACKING_PAGES)) expect(new URL(page).protocol).toBe('https:');
  });

  it('una agencia sin página, una guía vacía o el retiro en tienda no llevan enlace', () => {
    expect(trackingLink('liberty', '123')).toBeNull();
    expect(trackingLink('', '123')).toBeNull();
    expect(trackingLink('mrw', '  ')).toBeNull();
  });
});
