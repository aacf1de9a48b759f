import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';

/** A POST of JSON to the benchmarked server: the reply's data, or an error naming the path and the server's message. */
export async function postJson<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { data: T; subMessage?: string };
  if (!res.ok) throw new Error(`${path}：${reply.subMessage ?? res.status}`);
  return reply.data;
}

/** Signs the demo administrator in to the benchmarked server: the session token. */
export async function signInAsAdmin(base: string): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS.admin;
  const login = { username, password: Buffer.from(password).toString('base64'), encryptionType: 'base64' };
  return (await postJson<{ token: string }>(base, '/loginPage/login', login)).token;
}
