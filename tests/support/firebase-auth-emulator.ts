/**
 * A local stand-in for the Firebase Auth emulator's REST calls that `signInWithCustomToken`
 * makes (connectAuthEmulator points the SDK here): it checks the custom token's RS256 signature
 * against the service account's public key, as Firebase does, and answers an ID token carrying
 * the token's uid and claims. Its ID tokens are unsigned, as the real emulator's are; the
 * protocol server (firebase-protocol-server.ts) reads them the same way.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createVerify, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';

const CUSTOM_TOKEN_AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
const ID_TOKEN_SECONDS = 3600;

export interface FirebaseAuthEmulator {
  /** `http://127.0.0.1:port`, for connectAuthEmulator. */
  origin: string;
  /** The uids signed in so far, in order. */
  signIns: string[];
  close(): Promise<void>;
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function verifiedCustomToken(token: string, publicKey: KeyObject, issuer: string): { uid: string; claims: Record<string, unknown> } | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) return null;
  const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud?: string;
    iss?: string;
    uid?: string;
    exp?: number;
    claims?: Record<string, unknown>;
  };
  if (body.aud !== CUSTOM_TOKEN_AUDIENCE || body.iss !== issuer || !body.uid || !body.exp || body.exp * 1000 < Date.now()) return null;
  return { uid: body.uid, claims: body.claims ?? {} };
}

function idToken(projectId: string, uid: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ...claims,
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + ID_TOKEN_SECONDS,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** `issuer`: the service account's client_email, which signs the portal's custom tokens. */
export async function startFirebaseAuthEmulator({
  projectId,
  publicKey,
  issuer,
}: {
  projectId: string;
  publicKey: KeyObject;
  issuer: string;
}): Promise<FirebaseAuthEmulator> {
  const signIns: string[] = [];
  const users = new Map<string, string>();
  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const failure = (response: ServerResponse, message: string) =>
    answer(response, 400, { error: { code: 400, message, errors: [{ message, reason: 'invalid' }] } });

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://emulator');
      const body = await jsonBody(request);
      if (url.pathname.endsWith('/accounts:signInWithCustomToken')) {
        const verified = verifiedCustomToken(String(body.token ?? ''), publicKey, issuer);
        if (!verified) return failure(response, 'INVALID_CUSTOM_TOKEN');
        const token = idToken(projectId, verified.uid, verified.claims);
        users.set(token, verified.uid);
        signIns.push(verified.uid);
        return answer(response, 200, {
          kind: 'identitytoolkit#VerifyCustomTokenResponse',
          idToken: token,
          refreshToken: `refresh-${verified.uid}`,
          expiresIn: String(ID_TOKEN_SECONDS),
          isNewUser: false,
        });
      }
      if (url.pathname.endsWith('/accounts:lookup')) {
        const uid = users.get(String(body.idToken ?? ''));
        if (!uid) return failure(response, 'INVALID_ID_TOKEN');
        return answer(response, 200, {
          kind: 'identitytoolkit#GetAccountInfoResponse',
          users: [{ localId: uid, lastLoginAt: String(Date.now()), createdAt: String(Date.now()), providerUserInfo: [] }],
        });
      }
      return failure(response, 'NOT_IMPLEMENTED');
    })().catch((error: unknown) => failure(response, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signIns,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
