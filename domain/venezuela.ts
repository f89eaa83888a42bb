// The 25 federal entities of Venezuela and their main cities, for address forms.

import { ownValue } from './tabla.ts';
import { normalizeSearch } from './text.ts';

export type VenezuelanState = { id: number; name: string };
export type City = { stateId: number; name: string };

const CITIES_BY_STATE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Amazonas', ['Puerto Ayacucho', 'San Fernando de Atabapo', 'Maroa', 'San Carlos de Río Negro', 'La Esmeralda']],
  ['Anzoátegui', ['Barcelona', 'Puerto La Cruz', 'Lechería', 'El Tigre', 'Anaco', 'Cantaura', 'Guanta', 'Pariaguán']],
  ['Apure', ['San Fernando de Apure', 'Guasdualito', 'Achaguas', 'Biruaca', 'Elorza', 'Mantecal']],
  ['Aragua', ['Maracay', 'Turmero', 'Cagua', 'La Victoria', 'Villa de Cura', 'El Limón', 'Palo Negro', 'Santa Rita']],
  ['Barinas', ['Barinas', 'Socopó', 'Barinitas', 'Santa Bárbara de Barinas', 'Ciudad Bolivia', 'Sabaneta']],
  [
    'Bolívar',
    ['Ciudad Guayana', 'Ciudad Bolívar', 'Upata', 'Caicara del Orinoco', 'Guasipati', 'El Callao', 'Tumeremo', 'Santa Elena de Uairén'],
  ],
  ['Carabobo', ['Valencia', 'Puerto Cabello', 'Guacara', 'Los Guayos', 'San Diego', 'Naguanagua', 'Tocuyito', 'Bejuma']],
  ['Cojedes', ['San Carlos', 'Tinaquillo', 'Tinaco', 'El Baúl', 'Las Vegas', 'El Pao']],
  ['Delta Amacuro', ['Tucupita', 'Pedernales', 'Curiapo', 'Sierra Imataca']],
  ['Distrito Capital', ['Caracas', 'El Junquito', 'Caricuao', 'El Valle', 'Antímano', 'Macarao']],
  ['Falcón', ['Coro', 'Punto Fijo', 'Tucacas', 'Chichiriviche', 'La Vela de Coro', 'Puerto Cumarebo', 'Dabajuro', 'Churuguara']],
  ['Guárico', ['San Juan de los Morros', 'Calabozo', 'Valle de la Pascua', 'Zaraza', 'Altagracia de Orituco', 'Tucupido', 'El Sombrero']],
  ['La Guaira', ['La Guaira', 'Catia La Mar', 'Maiquetía', 'Macuto', 'Caraballeda', 'Naiguatá', 'Carayaca']],
  ['Lara', ['Barquisimeto', 'Cabudare', 'Carora', 'El Tocuyo', 'Quíbor', 'Duaca', 'Sanare', 'Siquisique']],
  ['Mérida', ['Mérida', 'El Vigía', 'Ejido', 'Tovar', 'Mucuchíes', 'Timotes', 'Santa Cruz de Mora', 'Lagunillas']],
  ['Miranda', ['Los Teques', 'Petare', 'Guarenas', 'Guatire', 'Charallave', 'Ocumare del Tuy', 'Santa Teresa del Tuy', 'Higuerote']],
  ['Monagas', ['Maturín', 'Punta de Mata', 'Caripito', 'Temblador', 'Caicara de Maturín', 'Caripe', 'Barrancas del Orinoco']],
  ['Nueva Esparta', ['La Asunción', 'Porlamar', 'Pampatar', 'Juan Griego', 'El Valle del Espíritu Santo', 'Santa Ana']],
  ['Portuguesa', ['Guanare', 'Acarigua', 'Araure', 'Turén', 'Biscucuy', 'Ospino', 'Guanarito', 'Villa Bruzual']],
  ['Sucre', ['Cumaná', 'Carúpano', 'Güiria', 'Cumanacoa', 'Río Caribe', 'Araya', 'Casanay', 'Irapa']],
  ['Táchira', ['San Cristóbal', 'Táriba', 'Rubio', 'San Antonio del Táchira', 'La Fría', 'Ureña', 'La Grita', 'Colón']],
  ['Trujillo', ['Trujillo', 'Valera', 'Boconó', 'Sabana de Mendoza', 'Carache', 'Escuque', 'Betijoque', 'Pampán']],
  ['Yaracuy', ['San Felipe', 'Yaritagua', 'Chivacoa', 'Nirgua', 'Cocorote', 'Aroa', 'Urachiche', 'Sabana de Parra']],
  [
    'Zulia',
    ['Maracaibo', 'Cabimas', 'Ciudad Ojeda', 'San Francisco', 'Machiques', 'Santa Bárbara del Zulia', 'Villa del Rosario', 'La Concepción'],
  ],
  ['Dependencias Federales', ['Gran Roque', 'La Orchila', 'Los Testigos']],
];

export const VENEZUELAN_STATES: readonly VenezuelanState[] = /* @__PURE__ */ CITIES_BY_STATE.map(([name], index) => ({
  id: index + 1,
  name,
}));

export const VENEZUELAN_CITIES: readonly City[] = /* @__PURE__ */ CITIES_BY_STATE.flatMap(([, cities], index) =>
  cities.map((name) => ({ stateId: index + 1, name })),
);

// Former names still typed by customers.
const STATE_ALIASES: Record<string, string> = { vargas: 'La Guaira', 'distrito federal': 'Distrito Capital' };

/** Finds a state by name ignoring case, accents and surrounding spaces ("merida" → Mérida). */
export function stateByName(name: string): VenezuelanState | undefined {
  const wanted = normalizeSearch(name);
  const target = normalizeSearch(ownValue(STATE_ALIASES, wanted) ?? wanted);
  return VENEZUELAN_STATES.find((state) => normalizeSearch(state.name) === target);
}

/** Cities of the named state; an unknown state gives an empty list. */
export function citiesOfState(stateName: string): City[] {
  const state = stateByName(stateName);
  return state ? VENEZUELAN_CITIES.filter((city) => city.stateId === state.id) : [];
}
