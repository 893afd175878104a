import { jwtVerify, SignJWT } from 'jose';
import { env } from '../platform/index.ts';

export type Role = 'user' | 'admin';
export type SessionClaims = { sub: string; role: Role; tv: number };

const ISSUER = 'aspira';

/** HS256 session token: account id, role and the account's token version (for revocation). */
export async function signSession(claims: SessionClaims): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${env().SESSION_TTL_HOURS}h`)
    .sign(env().jwtSecret);
}

/** The claims of a valid token, or null. The algorithm is pinned: `alg: none` and others fail. */
export async function verifySession(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, env().jwtSecret, { algorithms: ['HS256'], issuer: ISSUER });
    const role = payload['role'];
    const tv = payload['tv'];
    if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'admin') || typeof tv !== 'number') return null;
    return { sub: payload.sub, role, tv };
  } catch {
    return null;
  }
}
