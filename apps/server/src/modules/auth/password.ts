import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-level memory cost). Answers a PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash verified against when the user does not exist, so response time does not tell. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches the PHC `passwordHash`; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return (await verify(passwordHash ?? (await (dummyHash ??= hash('atrium-no-such-user'))), password)) && passwordHash !== undefined;
  } catch {
    return false;
  }
}
