import { redirect } from 'react-router';

// With an empty cart there is no order to review: back to the cart.
export function loader() {
  return redirect('/carrito');
}

export default function VerOrden() {
  return null;
}
