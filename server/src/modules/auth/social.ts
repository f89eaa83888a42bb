// Google and Facebook login (OAuth 2.0 through arctic). Each provider is on when its client id and
// secret are set; its endpoints come from the environment too, so tests point them at a fake.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { Env } from '#server/env.ts';

export type SocialProfile = { email: string; name: string; verified: boolean };

export type SocialProvider = {
  id: 'google' | 'facebook';
  label: string;
  authorizationUrl: (state: string, codeVerifier: string) => URL;
  exchange: (code: string, codeVerifier: string) => Promise<SocialProfile>;
};

async function fetchJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  if (!response.ok) throw new Error(`userinfo respondió ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export function socialProviders(env: Env, publicUrl: string): SocialProvider[] {
  const redirectUri = `${publicUrl}/auth/social-callback`;
  const providers: SocialProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const client = new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, redirectUri);
    providers.push({
      id: 'google',
      label: 'Google',
      authorizationUrl: (state, verifier) =>
        client.createAuthorizationURLWithPKCE(env.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, verifier, [
          'openid',
          'email',
          'profile',
        ]),
      async exchange(code, verifier) {
        const tokens = await client.validateAuthorizationCode(env.GOOGLE_TOKEN_URL, code, verifier);
        const info = await fetchJson(env.GOOGLE_USERINFO_URL, tokens.accessToken());
        return {
          email: String(info.email ?? ''),
          name: String(info.given_name ?? info.name ?? ''),
          verified: info.email_verified === true,
        };
      },
    });
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    const client = new OAuth2Client(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, redirectUri);
    providers.push({
      id: 'facebook',
      label: 'Facebook',
      authorizationUrl: (state) => client.createAuthorizationURL(env.FACEBOOK_AUTH_URL, state, ['email', 'public_profile']),
      async exchange(code) {
        const tokens = await client.validateAuthorizationCode(env.FACEBOOK_TOKEN_URL, code, null);
        const info = await fetchJson(env.FACEBOOK_USERINFO_URL, tokens.accessToken());
        // Facebook only returns addresses it has confirmed.
        return { email: String(info.email ?? ''), name: String(info.name ?? ''), verified: Boolean(info.email) };
      },
    });
  }
  return providers;
}

export { generateCodeVerifier, generateState };
