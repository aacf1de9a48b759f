/** The single sign-on secret the end-to-end server is started with, so tests can sign tickets. */
export const E2E_SSO_SECRET = 'e2e-only-sso-secret';
