// The date range of a report's filters: Mantine's range picker in Spanish (dd/mm/aaaa, weeks from
// Monday) with the quick ranges, inside a GET form. The picker itself sends nothing: two hidden
// fields carry the days (aaaa-mm-dd) under the names the page's URL uses.
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatePickerInput, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { rangePresets } from '#domain/ventas-reportes.ts';

type Props = {
  desde: string;
  hasta: string;
  today: string;
  /** The names of the hidden fields (the page's URL parameters). */
  names?: { desde: string; hasta: string };
  label?: string;
  style?: React.CSSProperties;
};

// On a phone the quick ranges go above the calendar, wrapped in rows, instead of beside it.
const PHONE_STYLES = {
  datePickerRoot: { flexDirection: 'column', alignItems: 'center' },
  presetsList: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    justifyContent: 'center',
    borderInlineEnd: 0,
    paddingInlineEnd: 0,
    marginInlineEnd: 0,
    borderBottom: '1px solid var(--mantine-color-gray-2)',
    paddingBottom: '0.5em',
    marginBottom: '0.5em',
  },
} as const;

export function RangoFechas({ desde, hasta, today, names = { desde: 'desde', hasta: 'hasta' }, label = 'Fechas', style }: Props) {
  const [value, setValue] = useState<DatesRangeValue<string>>([desde || null, hasta || null]);
  // On a phone the calendar opens in a modal: a popover would be wider than the screen.
  const phone = useMediaQuery('(max-width: 36em)', false);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DatePickerInput
        type="range"
        label={label}
        placeholder="Todas las fechas"
        valueFormat="DD/MM/YYYY"
        labelSeparator="al"
        value={value}
        onChange={setValue}
        allowSingleDateInRange
        clearable
        maxDate={today}
        dropdownType={phone ? 'modal' : 'popover'}
        modalProps={{ title: label, centered: true }}
        styles={phone ? PHONE_STYLES : undefined}
        presets={rangePresets(today).map((r) => ({ label: r.label, value: [r.from, r.to] as [string, string] }))}
        clearButtonProps={{ 'aria-label': 'Quitar las fechas' }}
        style={style}
        data-testid="filtro-fechas"
      />
      <input type="hidden" name={names.desde} value={value[0] ?? ''} data-testid="filtro-desde" />
      <input type="hidden" name={names.hasta} value={value[1] ?? ''} data-testid="filtro-hasta" />
    </DatesProvider>
  );
}
