import { randomUUID } from 'node:crypto';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  importSPKI,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { LtiData } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { findPlatformKey, insertPlatformKey } from './lti.repository.js';

/**
 * Keys and JWTs of the LTI platform (decision 0153), with `jose`: the platform's RS256 key pair
 * (IMS Security Framework §6.1: one key set at a well-known URL, each JWT naming its `kid`), and
 * the tools' public keys (a JWKS URL, or a PEM / JWK given at registration).
 */

interface PlatformKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

const platformKeys = new WeakMap<AppDeps, Promise<PlatformKey>>();

async function loadPlatformKey(deps: AppDeps): Promise<PlatformKey> {
  let row = await findPlatformKey(deps.db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = randomUUID();
    await insertPlatformKey(deps.db, {
      kid,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
    });
    row = (await findPlatformKey(deps.db))!;
  }
  const privateKey = (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey;
  return { kid: row.kid, publicJwk: row.publicJwk as JWK, privateKey };
}

/** The platform's key pair, made and kept on the first call (one per database; cached per app). */
export function platformKey(deps: AppDeps): Promise<PlatformKey> {
  let key = platformKeys.get(deps);
  if (!key) {
    key = loadPlatformKey(deps);
    key.catch(() => platformKeys.delete(deps));
    platformKeys.set(deps, key);
  }
  return key;
}

/** `GET /api/lti/jwks`: the platform's public key set (RFC 7517 §5), `{ keys: [JWK with kid, alg RS256, use sig] }`. */
export async function platformJwks(deps: AppDeps): Promise<{ keys: JWK[] }> {
  return { keys: [(await platformKey(deps)).publicJwk] };
}

/** Signs `claims` as the platform: RS256, the key's `kid`, `iat` now and `exp` `ttlSeconds` later. */
export async function signAsPlatform(deps: AppDeps, claims: JWTPayload, ttlSeconds: number, typ = 'JWT'): Promise<string> {
  const key = await platformKey(deps);
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ }).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key.privateKey);
}

/** Verifies a JWT the platform signed (its access tokens): signature, issuer, audience, expiry. Throws LTI_INVALID_TOKEN (401). */
export async function verifyPlatformJwt(deps: AppDeps, token: string, audience: string): Promise<JWTPayload> {
  // Never makes the key pair: a refused call writes nothing, and without a key no token was issued.
  const key = platformKeys.has(deps) || (await findPlatformKey(deps.db)) ? await platformKey(deps) : undefined;
  if (!key) throw new AppError('LTI_INVALID_TOKEN', 'The access token is not valid');
  try {
    const publicKey = await importJWK(key.publicJwk, 'RS256');
    const { payload } = await jwtVerify(token, publicKey, { issuer: deps.config.publicUrl, audience, algorithms: ['RS256'] });
    return payload;
  } catch {
    throw new AppError('LTI_INVALID_TOKEN', 'The access token is not valid');
  }
}

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** The key that verifies a tool's JWTs: its JWKS URL (fetched and cached by jose), else its PEM or JWK public key. LTI_NOT_REGISTERED when it has none. */
async function toolKey(data: LtiData): Promise<JWTVerifyGetKey | CryptoKey | Uint8Array> {
  if (data.jwks_url) {
    let set = remoteKeySets.get(data.jwks_url);
    if (!set) {
      set = createRemoteJWKSet(new URL(data.jwks_url), { timeoutDuration: 5000, cooldownDuration: 0 });
      remoteKeySets.set(data.jwks_url, set);
    }
    return set;
  }
  const pem = data.public_key?.trim();
  if (!pem) throw new AppError('LTI_NOT_REGISTERED', 'This tool needs registering before it can be used');
  try {
    if (pem.startsWith('{')) return (await importJWK(JSON.parse(pem) as JWK, 'RS256')) as CryptoKey;
    return await importSPKI(pem, 'RS256');
  } catch {
    throw new AppError('LTI_NOT_REGISTERED', 'This tool needs registering before it can be used');
  }
}

/**
 * Verifies a JWT a tool signed (a client assertion, RFC 7523 §3; a deep linking response, Deep
 * Linking 2.0 §4.5) with the tool's registered key: RS256, `iss` (and `sub` for an assertion) the
 * client id, `aud` the given audience, not expired (60 s of clock skew). Throws LTI_INVALID_TOKEN (401).
 */
export async function verifyToolJwt(data: LtiData, token: string, expected: { issuer: string; audience: string; subject?: string }): Promise<JWTPayload> {
  const key = await toolKey(data);
  try {
    const options = { issuer: expected.issuer, audience: expected.audience, subject: expected.subject, algorithms: ['RS256'], clockTolerance: 60 };
    const { payload } = typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    return payload;
  } catch {
    throw new AppError('LTI_INVALID_TOKEN', "The tool's token does not verify (signature, issuer, audience or expiry)");
  }
}
