// Reads a settings form sent as multipart: its text fields and the pictures of the named file
// fields (one each). Unknown files are drained and left aside; a broken body is the client's 4xx.
import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '#server/modules/uploads/uploads.ts';

export type FormularioLeido =
  | { ok: true; fields: Record<string, string>; files: Record<string, Buffer> }
  | { ok: false; status: number; motivo: string };

export async function leerFormulario(request: FastifyRequest, fileFields: readonly string[]): Promise<FormularioLeido> {
  if (!request.isMultipart()) return { ok: false, status: 415, motivo: 'Envíe el formulario como multipart/form-data.' };
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        // A file input left empty still sends its part, with no bytes and no name.
        if (bytes.length > 0 || part.filename) files[part.fieldname] = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return { ok: false, status: 413, motivo: `La imagen pesa más de ${UPLOAD_LIMITS.photoBytes / (1024 * 1024)} MB.` };
    }
    return { ok: false, status: 422, motivo: 'El formulario no es válido.' };
  }
  return { ok: true, fields, files };
}
