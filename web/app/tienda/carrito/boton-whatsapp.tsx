// «Pedir por WhatsApp» under the cart (decision 0033): its short form instead of the five steps. Only
// when the store has a WhatsApp number to write to.
import { Link } from 'react-router';
import { whatsappDigits } from '#domain/whatsapp-numero.ts';
import { useRootData } from '#web/root.tsx';
import classes from './boton-whatsapp.module.css';

export function BotonPedirPorWhatsapp() {
  const { footer } = useRootData();
  if (!whatsappDigits(footer.whatsapp)) return null;
  return (
    <div className={`pila ${classes.bloque}`}>
      <p className="texto texto-sm tenue">
        ¿Prefiere comprar hablando con la tienda? Reserve sus artículos y acuerde el pago y el envío por WhatsApp.
      </p>
      <Link to="/carrito/whatsapp" className={`boton boton-borde c-green ${classes.boton}`} data-testid="carrito-pedir-whatsapp">
        Pedir por WhatsApp
      </Link>
    </div>
  );
}
