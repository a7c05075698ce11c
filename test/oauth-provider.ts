// An OAuth client provider of the SDK's client, for the tests.
import type {
  OAuthClientInformation,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import * as assert from 'uvu/assert';

// A client pre-registered with the authorization server (which takes any client id), whose user
// agent follows the authorization URL and, the server granting at once, reads the code off the
// redirect to its callback: what a browser and the user's consent would do.
export class Provider {
  readonly authorizations: URL[] = [];
  readonly codes: string[] = [];
  #tokens: OAuthTokens | undefined;
  #verifier = '';

  get redirectUrl() {
    return 'http://127.0.0.1/callback';
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'oauth test',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation(): OAuthClientInformation {
    return { client_id: 'notes-test-client' };
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizations.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    const callback = new URL(response.headers.get('location') ?? '');
    assert.is(`${callback.origin}${callback.pathname}`, this.redirectUrl);
    this.codes.push(callback.searchParams.get('code') ?? '');
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
}
