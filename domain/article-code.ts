// Article codes: artículo = modelo + talla (2 chars); the modelo ends with its colour code (4 chars).

export const SIZE_CODE_LENGTH = 2;
export const COLOR_CODE_LENGTH = 4;

const SIZE_CODE = /^[A-Z0-9]{2}$/;
const COLOR_CODE = /^[A-Z0-9]{4}$/;
// A base style code, then the colour code; the base may use hyphens ("BL-1020").
const MODEL = /^[A-Z0-9][A-Z0-9-]*[A-Z0-9]{4}$/;

export type ArticleCodeParts = { model: string; baseModel: string; colorCode: string; sizeCode: string };

export function isValidSizeCode(code: unknown): code is string {
  return typeof code === 'string' && SIZE_CODE.test(code);
}

export function isValidColorCode(code: unknown): code is string {
  return typeof code === 'string' && COLOR_CODE.test(code);
}

export function isValidModel(model: unknown): model is string {
  return typeof model === 'string' && MODEL.test(model);
}

export function isValidArticleCode(code: unknown): code is string {
  return typeof code === 'string' && isValidModel(code.slice(0, -SIZE_CODE_LENGTH)) && isValidSizeCode(code.slice(-SIZE_CODE_LENGTH));
}

/** Codes are compared in upper case without surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

function assertModel(model: string): void {
  if (!isValidModel(model)) {
    throw new TypeError(`Modelo no válido: "${model}" (letras mayúsculas y dígitos, terminado en el código de color de 4 caracteres)`);
  }
}

function assertArticleCode(code: string): void {
  if (!isValidArticleCode(code)) {
    throw new TypeError(`Código de artículo no válido: "${code}" (modelo seguido de la talla de 2 caracteres)`);
  }
}

export function buildArticleCode(model: string, sizeCode: string): string {
  assertModel(model);
  if (!isValidSizeCode(sizeCode)) {
    throw new TypeError(`Código de talla no válido: "${sizeCode}" (2 letras mayúsculas o dígitos)`);
  }
  return model + sizeCode;
}

export function sizeCodeOf(articleCode: string): string {
  assertArticleCode(articleCode);
  return articleCode.slice(-SIZE_CODE_LENGTH);
}

export function modelOf(articleCode: string): string {
  assertArticleCode(articleCode);
  return articleCode.slice(0, -SIZE_CODE_LENGTH);
}

export function colorCodeOf(model: string): string {
  assertModel(model);
  return model.slice(-COLOR_CODE_LENGTH);
}

export function baseModelOf(model: string): string {
  assertModel(model);
  return model.slice(0, -COLOR_CODE_LENGTH);
}

export function parseArticleCode(articleCode: string): ArticleCodeParts {
  const model = modelOf(articleCode);
  return {
    model,
    baseModel: baseModelOf(model),
    colorCode: colorCodeOf(model),
    sizeCode: sizeCodeOf(articleCode),
  };
}

/** Same style in another colour: the base model with a new colour code. */
export function withColor(model: string, colorCode: string): string {
  if (!isValidColorCode(colorCode)) {
    throw new TypeError(`Código de color no válido: "${colorCode}" (4 letras mayúsculas o dígitos)`);
  }
  return baseModelOf(model) + colorCode;
}
