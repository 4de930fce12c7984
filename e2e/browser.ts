import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { until } from '#tests/until';
import { E2E_ADMIN, e2eStateFile } from './global-setup';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** What the e2e global setup started: the shop's address and the run's Chromium. */
const state = () => JSON.parse(readFileSync(e2eStateFile(), 'utf8')) as { url: string; browser: string };

/** The shop under test (started by the e2e global setup). */
export function shopUrl(): string {
  return state().url;
}

/**
 * The run's Chromium (Debian's, headless: e2e/global-setup.ts `CHROMIUM`), connected to for this test file
 * (decision 0148). Its `close()` closes the contexts this file opened and leaves the browser to the next file.
 */
export async function launch(): Promise<Browser> {
  return chromium.connect(state().browser);
}

/** Signs the demo admin in through the login page and waits for the header's Admin link. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name=email]', E2E_ADMIN.email);
  await page.fill('input[name=password]', E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('link', { name: 'Admin' }).waitFor();
}

/** The demo admin's access token from the local Cognito (for admin API calls a test makes itself). */
export async function adminToken(): Promise<string> {
  const config = (await fetch(`${shopUrl()}/config.json`).then((r) => r.json())) as { userPoolClientId: string };
  const auth = (await fetch(`${shopUrl()}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: E2E_ADMIN.email, PASSWORD: E2E_ADMIN.password },
    }),
  }).then((r) => r.json())) as { AuthenticationResult: { AccessToken: string } };
  return auth.AuthenticationResult.AccessToken;
}

export async function newPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: shopUrl() });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

const SHOTS = path.resolve(__dirname, '..', 'test-results', 'screenshots');
/** Keeps a screenshot of a step as a test artifact (test-results/screenshots). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Keeps what the window shows now (not the whole page: an open menu over it, a message in view) as an artifact. */
export async function windowShot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Alerts the page shows (window.alert), each accepted as a shopper would. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

/** The tests' one wait (tests/until.ts), here for the journeys that import it with the rest of this file. */
export { until };

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * axe-core (WCAG 2.1 A and AA) on the page as it is, or on the part `within` selects (e.g. an open dialog): the
 * serious and critical violations, one line each, prefixed with `label`.
 */
export async function axeViolations(page: Page, label = page.url(), within?: string): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document | string,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(selector ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  }, within ?? null);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** A mail the shop sent, as the SES stand-in lists it at /ses/outbox. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Every mail the shop has sent so far. */
export const outbox = async (): Promise<Mail[]> =>
  ((await fetch(`${shopUrl()}/ses/outbox`).then((r) => r.json())) as { mails: Mail[] }).mails;

/** Waits (up to 15 s) for a mail to `email` whose subject matches, and returns it. */
export async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await until(
    async () => Boolean((found = (await outbox()).find((m) => m.to.includes(email) && subject.test(m.subject)))),
    true,
    15_000,
  );
  return found!;
}
