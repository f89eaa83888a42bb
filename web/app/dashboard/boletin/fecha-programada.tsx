// The date and time a campaign goes out: Mantine's date-time picker in Spanish (dd/mm/aaaa hh:mm,
// weeks from Monday, like the reports' range picker), read as Caracas time. The picker sends
// nothing itself: a hidden field carries «aaaa-mm-dd hh:mm:ss», which the API reads as Caracas time.
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

type Props = {
  name: string;
  /** «aaaa-mm-dd hh:mm» in Caracas time, or null. */
  initial: string | null;
  /** The Caracas day before which nothing can be picked (aaaa-mm-dd). */
  minDate: string;
  error?: string;
};

export function FechaProgramada({ name, initial, minDate, error }: Props) {
  const [value, setValue] = useState<string | null>(initial);
  // On a phone the calendar opens in a modal: a popover would be wider than the screen.
  const phone = useMediaQuery('(max-width: 36em)', false);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateTimePicker
        label="Fecha y hora de envío (hora de Caracas)"
        placeholder="dd/mm/aaaa hh:mm"
        valueFormat="DD/MM/YYYY HH:mm"
        value={value}
        onChange={setValue}
        minDate={minDate}
        required
        error={error}
        dropdownType={phone ? 'modal' : 'popover'}
        modalProps={{ title: 'Fecha y hora de envío', centered: true }}
        ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior', monthLevelControl: 'Elegir el mes' }}
        timePickerProps={{ hoursInputLabel: 'Hora', minutesInputLabel: 'Minutos', format: '24h' }}
        submitButtonProps={{ 'aria-label': 'Listo' }}
        data-testid="fecha-programada"
      />
      <input type="hidden" name={name} value={value ?? ''} data-testid="fecha-programada-valor" />
    </DatesProvider>
  );
}
