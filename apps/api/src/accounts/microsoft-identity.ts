import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { emailSchema } from '@vocal/settings-model';
import type { MicrosoftConfig } from '../env.ts';
import { HttpError, forbidden, unauthorized } from '../http/http-error.ts';

/** The tenant every personal Microsoft account's token names (Microsoft's documented constant). */
const CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
/**
 * The issuer of v1.0 tokens. Entra issues them for an API whose `accessTokenAcceptedVersion`
 * is null, its default, which is what Teams single sign-on gets unless the app registration
 * asks for 2; v2.0 tokens name `{issuer base}/{tenant id}/v2.0`.
 */
const V1_ISSUER_BASE = 'https://sts.windows.net';
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who a verified Microsoft token says the person is. */
export type MicrosoftIdentity = { email: string; name: string | null };

/**
 * The audiences our tokens may carry: the client id (v2.0 tokens and ID tokens) or the
 * application ID URI (v1.0 access tokens), which Teams single sign-on documents as
 * `api://{the app's domain}/{client id}`, or `api://{client id}` as Entra proposes it.
 */
function acceptedAudiences(clientId: string, publicUrl: string): string[] {
  return [clientId, `api://${clientId}`, `api://${new URL(publicUrl).host}/${clientId}`];
}

function tenantAllowed(configured: string, tenantId: string): boolean {
  if (configured === 'common') return true;
  if (configured === 'organizations') return tenantId !== CONSUMERS_TENANT;
  if (configured === 'consumers') return tenantId === CONSUMERS_TENANT;
  return tenantId === configured;
}

const asEmail = (value: unknown): string | null => {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The address the token vouches for. Microsoft warns that `email` is not verified unless the
 * domain's owner vouches for it (`xms_edov`); `preferred_username` (v2.0) and `upn` (v1.0) are
 * the sign-in name, whose domain the tenant has verified (or an address Microsoft verified,
 * for personal accounts). A guest's `#EXT#` name is no address and is skipped.
 */
function verifiedEmail(claims: JWTPayload): string | null {
  const domainOwnerVerified = claims.xms_edov === true || claims.xms_edov === 1 || claims.xms_edov === '1';
  for (const candidate of [domainOwnerVerified ? claims.email : undefined, claims.preferred_username, claims.upn]) {
    const email = asEmail(candidate);
    if (email) return email;
  }
  return null;
}

const displayName = (claims: JWTPayload): string | null =>
  typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : null;

/** The key set could not be had (network, timeout, a bad answer): our side's trouble, not the token's. */
class KeysUnavailable extends Error {}

/**
 * The issuer's keys, fetched once and again when a token names a key not seen yet. A token
 * whose key is not among them is the token's fault; failing to fetch them is not.
 */
function microsoftKeys(jwksUrl: string) {
  const remote = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000 });
  return async (...args: Parameters<typeof remote>) => {
    try {
      return await remote(...args);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeysUnavailable('The JWKS could not be fetched', { cause: error });
    }
  };
}

/** Why jose refused a token, as a person (or the Teams app's developer) can act on it. */
function refusal(error: unknown): HttpError {
  if (error instanceof errors.JWTExpired) return unauthorized('The Microsoft token has expired. Ask Microsoft for a new one.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'aud'
      ? unauthorized('The Microsoft token was issued for another application (its audience is not this server’s client id).')
      : unauthorized(`The Microsoft token is not valid (${error.claim}: ${error.reason}).`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return unauthorized('The Microsoft token must be signed (RS256).');
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return unauthorized('The Microsoft token is not signed by Microsoft.');
  }
  if (error instanceof KeysUnavailable) return new HttpError(503, 'Microsoft’s signing keys could not be fetched. Try again in a minute.');
  if (error instanceof errors.JOSEError) return unauthorized('The Microsoft token is not a signed JWT.');
  throw error;
}

/**
 * Verifies Microsoft identity tokens for POST /microsoft-auth: signature against the issuer's
 * published keys, RS256 only,
 * expiry, audience, and the issuer of the tenant the token names, which must be one
 * MICROSOFT_TENANT lets in. `publicUrl` is read per call: it may follow the port bound at start.
 */
export function createMicrosoftIdentityVerifier(microsoft: MicrosoftConfig, config: { publicUrl: string }) {
  const keys = microsoftKeys(microsoft.jwksUrl);

  return {
    clientId: microsoft.clientId,

    async verify(token: string): Promise<MicrosoftIdentity> {
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          audience: acceptedAudiences(microsoft.clientId, config.publicUrl),
          requiredClaims: ['exp', 'iss', 'tid'],
          clockTolerance: 60,
        }));
      } catch (error) {
        throw refusal(error);
      }
      const tenantId = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : '';
      const issuers = [`${microsoft.issuerBase}/${tenantId}/v2.0`, `${V1_ISSUER_BASE}/${tenantId}/`];
      if (!TENANT_ID.test(tenantId) || !issuers.includes(String(claims.iss))) {
        throw unauthorized('The Microsoft token’s issuer is not the Microsoft sign-in service of its tenant.');
      }
      if (!tenantAllowed(microsoft.tenant, tenantId)) {
        throw forbidden('This server does not accept Microsoft accounts of your organisation. Sign in with your email instead.');
      }
      const email = verifiedEmail(claims);
      if (!email) throw forbidden('Your Microsoft account has no verified email address. Sign in with your email instead.');
      return { email, name: displayName(claims) };
    },
  };
}

export type MicrosoftIdentityVerifier = ReturnType<typeof createMicrosoftIdentityVerifier>;
