/** Helpers for the browser tests: read mailed codes as the operator would, name screenshots. */
import type { APIRequestContext, Page } from '@playwright/test';

let operatorToken: string | undefined;

export async function operatorLogin(request: APIRequestContext): Promise<string> {
  if (operatorToken) return operatorToken;
  const res = await request.post('/web/console/login', { data: { username: 'admin', password: 'Admin1234!' } });
  operatorToken = (await res.json()).data.token as string;
  return operatorToken;
}

/** The newest code mailed to `email`, from the console outbox. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const token = await operatorLogin(request);
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`/web/console/outbox?q=${encodeURIComponent(email)}`, {
      headers: { authorization: token },
    });
    const body = (await res.json()) as { data: { list: Array<{ recipient: string; body: string }> } };
    const mail = body.data.list.find((m) => m.recipient === email);
    const code = mail?.body.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}
