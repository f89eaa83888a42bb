// `npm run user:staff -- correo@dominio rol[,rol] [apodo]`: creates or updates a staff user.
// The password is read from STAFF_PASSWORD or asked for on the terminal.
import { createInterface } from 'node:readline/promises';
import { newPassword } from '#domain/contracts/auth.ts';
import { email as emailSchema } from '#domain/contracts/campos.ts';
import { isRole, type Role } from '#domain/roles.ts';
import { openDatabase } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { upsertStaff } from './auth.service.ts';

const [email, rolesArg, nickname] = process.argv.slice(2);
const roles = (rolesArg ?? '').split(',').filter(Boolean);
const parsedEmail = emailSchema.safeParse(email);
if (!parsedEmail.success || roles.length === 0 || !roles.every(isRole)) {
  console.error('Uso: npm run user:staff -- correo@dominio admin[,inventario,…] [apodo]');
  console.error('Roles: admin, vendedor-admin, administracion, inventario, despacho');
  process.exit(2);
}
let password = process.env.STAFF_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Contraseña (8 a 128 caracteres): ');
  rl.close();
}
const checked = newPassword.safeParse(password);
if (!checked.success) {
  console.error(checked.error.issues.map((i) => i.message).join('\n'));
  process.exit(2);
}
const env = parseEnv(process.env);
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
try {
  const id = await upsertStaff(database.db, {
    email: parsedEmail.data,
    nickname: nickname ?? parsedEmail.data.split('@')[0],
    password: checked.data,
    roles: roles as Role[],
  });
  console.log(`Usuario ${parsedEmail.data} (id ${id}) con roles: ${roles.join(', ')}. Sus sesiones anteriores se cerraron.`);
} finally {
  await database.close();
}
