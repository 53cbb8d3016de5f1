/**
 * Screenshots of the team pages (decision 0033): /join/:code signed out and signed in, and
 * Settings → Team as an owner with members and invites, as a member, and on Free; light and
 * dark, phone and desktop, into apps/web/screenshots/ (ignored by git) to be looked at.
 * Run after a build: `pnpm build && tsx scripts/team-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, PASSWORD, startProduct } from '@vocal/e2e';
import type { Browser } from 'playwright-core';
import { decodeMail, startSmtpCapture } from '@vocal/test-fixtures/smtp';
import { makePro } from '../e2e/support.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const smtp = await startSmtpCapture();
const product = await startProduct({ env: { SMTP_URL: smtp.url } });
const browser: Browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const stamp = Date.now();

type Tokens = { accessToken: string; refreshToken: string };

async function call(path: string, method: string, token: string | null, body?: unknown) {
  const response = await fetch(`${product.url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function person(label: string, name: string): Promise<{ email: string; tokens: Tokens }> {
  const email = `${label}-${stamp}@example.com`;
  const signedUp = await call('signup', 'POST', null, { email, password: PASSWORD, name });
  return { email, tokens: { accessToken: signedUp.access_token as string, refreshToken: signedUp.refresh_token as string } };
}

async function inviteCode(owner: Tokens, email: string): Promise<string> {
  await call('invite', 'POST', owner.accessToken, { email });
  const mail = await smtp.waitForMail(email, /\/join\//);
  return /\/join\/([A-Za-z0-9_-]{32})/.exec(decodeMail(mail.raw))![1]!;
}

try {
  const owner = await person('team-shot-owner', 'Olivia Hart');
  await makePro(product.dataDir, owner.email);
  const member = await person('team-shot-member', 'Milo Brandt');
  await call('join/' + (await inviteCode(owner.tokens, member.email)), 'POST', member.tokens.accessToken);
  const second = await person('team-shot-second', 'Sasha Lindqvist-Ramírez');
  await call('join/' + (await inviteCode(owner.tokens, second.email)), 'POST', second.tokens.accessToken);
  await inviteCode(owner.tokens, `jordan.pending-${stamp}@example.com`);
  const invited = await person('team-shot-invited', 'Ines Invited');
  const openCode = await inviteCode(owner.tokens, invited.email);
  const free = await person('team-shot-free', 'Fred Free');

  const shots: { name: string; path: string; tokens: Tokens | null; ready: string }[] = [
    { name: 'team-owner', path: '/settings/team', tokens: owner.tokens, ready: 'People' },
    { name: 'team-member', path: '/settings/team', tokens: member.tokens, ready: "Olivia Hart's team" },
    { name: 'team-free', path: '/settings/team', tokens: free.tokens, ready: 'A Pro feature' },
    { name: 'join-signed-out', path: `/join/${openCode}`, tokens: null, ready: 'Olivia Hart invited you to their team on Vocal' },
    { name: 'join-signed-in', path: `/join/${openCode}`, tokens: invited.tokens, ready: 'Olivia Hart invited you to their team on Vocal' },
    { name: 'join-no-code', path: '/join', tokens: null, ready: 'Join a team on Vocal' },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      for (const shot of shots) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        if (shot.tokens) {
          const tokens = JSON.stringify(shot.tokens);
          await context.addInitScript((value) => window.localStorage.setItem('vocal.tokens', value), tokens);
        }
        const page = await context.newPage();
        await page.goto(`${product.url}${shot.path}`);
        await page.getByRole('heading', { name: shot.ready }).first().waitFor();
        if (shot.name === 'join-signed-in') await page.getByRole('button', { name: /^Join / }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `${shot.name}-${size}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await product.stop();
  await smtp.close();
}
