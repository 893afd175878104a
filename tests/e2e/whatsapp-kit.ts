/** Shared by the WhatsApp browser tests: the sandbox's book of a number, and proving a number from the emailed link. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { baseUrl, islandsSettled, sql } from './harness.ts';

export type SandboxMessage = { wamid: string; direction: string; template: string | null; body: string };

/** What the sandbox sent to (and got from) this number, newest first. */
export async function sandboxBookOf(phone: string): Promise<SandboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/v1/whatsapp/sandbox/messages?phone=${encodeURIComponent(phone)}`, {
    headers: { origin: baseUrl },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: SandboxMessage[] }).messages;
}

/** The newest code the sandbox sent to `phone` (what the person reads on their phone). */
export async function sandboxCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = (await sandboxBookOf(phone)).find((m) => m.template === 'whatsapp_code');
    if (code) return (JSON.parse(code.body) as string[])[0]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code sent to ${phone}`);
}

/** The path and query of the newest "Confirm WhatsApp updates" link emailed to `email`. */
export async function emailedConfirmLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${email.toLowerCase()} and tag = 'whatsapp-confirm' order by id desc limit 1`;
    const link = row?.text_body.match(/https?:\/\/\S+\/whatsapp\/confirm\?t=\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no WhatsApp confirmation email for ${email}`);
}

/** The person opens the emailed link, asks for the code, and types back what their phone got. */
export async function confirmByEmailedLink(page: Page, email: string, phone: string): Promise<void> {
  await page.goto(await emailedConfirmLink(email));
  await islandsSettled(page);
  await page.getByRole('button', { name: 'Send me the code on WhatsApp' }).click();
  await page.getByLabel(/^Code from WhatsApp/).fill(await sandboxCode(phone));
  expect(await axeViolations(page, '/whatsapp/confirm with the code form')).toEqual([]);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByText(/is confirmed/).waitFor();
}
