import { readFileSync } from 'node:fs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser } from 'playwright-core';
import { addAdmin } from '../scripts/admin-add';
import { MESSAGES } from '../shared/messages';
import { launch, newPage, shopUrl, until } from './browser';
import { e2eStateFile } from './global-setup';

/**
 * Issue 23 item 1 in the browser: a stranger signed up with the owner's address before the owner did; the operator
 * then makes that address an admin (`npm run admin:add`, docs/decisions/0065). The stranger's password no longer
 * signs in, the sign-in page says plainly what to do, and the owner, who reads the mailbox, gets in as an admin.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: import('playwright-core').Page, email: string, password: string) {
  await page.goto('/login');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

it('a squatted address made admin: the squatter is told the password was reset, the mailbox owner sets one and is the admin', async () => {
  const email = `boss-${Date.now()}@example.com`;
  // The stranger signs up first (confirmed and verified at once, as the pre-sign-up trigger does).
  const { context: strangers, page: stranger } = await newPage(browser, 'desktop');
  await stranger.goto('/signup');
  for (const [name, value] of Object.entries({
    firstName: 'Not',
    lastName: 'Boss',
    email,
    password: 'Squatter1',
    confirm: 'Squatter1',
  }))
    await stranger.fill(`input[name=${name}]`, value);
  await stranger.getByRole('button', { name: 'Create Account' }).click();
  await stranger.getByRole('link', { name: 'Account' }).waitFor();

  // The operator runs admin:add against the shop's Cognito (here the stand-in, as `--endpoint` points it).
  const { cognito } = JSON.parse(readFileSync(e2eStateFile(), 'utf8')) as {
    cognito: { endpoint: string; userPoolId: string; clientId: string };
  };
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    expect(await addAdmin(client, { userPoolId: cognito.userPoolId, clientId: cognito.clientId, email })).toMatchObject(
      { addedToGroup: true, passwordReset: true },
    );
  } finally {
    client.destroy();
  }

  // The stranger's password: the page says it was reset and offers the link form with the address filled in.
  await strangers.clearCookies();
  await stranger.evaluate(() => localStorage.clear());
  await signIn(stranger, email, 'Squatter1');
  await stranger.getByRole('alert').filter({ hasText: MESSAGES.passwordResetRequired }).waitFor();
  expect(await stranger.inputValue('input[name=email]')).toBe(email);
  expect(await stranger.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  await strangers.close();

  // The owner, who never had a password here, asks for a link (or uses the one Cognito mailed), sets a password
  // and is the admin.
  const { context, page } = await newPage(browser, 'desktop');
  await page.goto('/login');
  await page.getByRole('button', { name: MESSAGES.forgotPassword }).click();
  await page.fill('input[name=email]', email);
  await page.getByRole('button', { name: MESSAGES.sendLink }).click();
  await page.getByText(MESSAGES.resetSent).waitFor();
  let link = '';
  await until(
    async () => {
      const { mails } = await fetch(`${shopUrl()}/ses/outbox`).then((r) => r.json());
      link =
        /(http\S+reset-password\S+)/.exec(mails.find((m: { to: string[] }) => m.to.includes(email))?.text ?? '')?.[1] ??
        '';
      return link !== '';
    },
    true,
    30_000,
  );
  await page.goto(link);
  await page.fill('input[name=password]', 'Owner1234');
  await page.fill('input[name=confirm]', 'Owner1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Your new password is set.').waitFor();
  await signIn(page, email, 'Owner1234');
  await page.getByRole('link', { name: 'Admin' }).waitFor();
  await context.close();
});
