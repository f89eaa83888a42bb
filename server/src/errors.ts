// The few typed errors the services throw; the error handler maps each to its HTTP status once.
export class AppError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class NoEncontrado extends AppError {
  constructor(message = 'El recurso solicitado no existe.') {
    super(404, message);
  }
}

/** 422 found by a rule the request schema cannot see (e.g. a shipment no rate covers), with its fields. */
export class DatoInvalido extends AppError {
  readonly errors: Record<string, string[]>;
  constructor(message: string, errors: Record<string, string[]>) {
    super(422, message);
    this.errors = errors;
  }
}

export class ReglaNegocio extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class NoAutorizado extends AppError {
  constructor(message = 'Su sesión ha expirado o no ha iniciado sesión.') {
    super(401, message);
  }
}

export class Prohibido extends AppError {
  constructor(message = '¡Error! Se necesita permiso para visualizar esta área.') {
    super(403, message);
  }
}

export class Conflicto extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class DemasiadasSolicitudes extends AppError {
  /** Sent as Retry-After when known. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message = 'Demasiadas solicitudes. Intente de nuevo más tarde.', retryAfterSeconds?: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
