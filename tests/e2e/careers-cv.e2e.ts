import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CV_RULES } from '../../domain/careers-cv-rules.ts';
import { pdfFile } from '../fixtures/cv-files.ts';
import { textOf } from '../fixtures/smtp-server.ts';
import { LeadFormPage } from './pages/leads.page.ts';
import { signInToConsole } from './support/console.ts';
import { asOwnShopper, expect, expectAccessible, test } from './support/fixtures.ts';
import { E2E_DATA_DIR } from './support/server.ts';

/**
 * The careers form's CV (issue 37 item 9) in the browser against the real server, on Bayside Mazda
 * (every dealer's `/careers` is the same form; one dealer with a careers page in its menu is enough):
 * a PDF made by the test is uploaded as it is chosen, sent with the enquiry, linked in the dealer's
 * email through a signed link that opens it, and opened from the console's lead page; a text file
 * renamed .pdf is refused with the message the form shows.
 */
const BAYSIDE = 'bayside-mazda';

test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

/** The text of the newest sales-team email in the e2e mailbox that contains `marker`, polled until one does. */
async function mailWith(marker: string): Promise<string> {
  const folder = join(E2E_DATA_DIR, 'mailbox');
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(folder).sort().reverse();
        } catch {
          return '';
        }
        for (const file of files) {
          const raw = readFileSync(join(folder, file), 'utf8');
          const end = raw.search(/\r?\n\r?\n/);
          const text = end < 0 ? raw : textOf(raw.slice(end));
          // The sales team's email (its text names the CV), not the CRM's copy that carries only the ADF.
          if (text.includes(marker) && text.includes('The CV (')) {
            found = text;
            return found;
          }
        }
        return '';
      },
      { message: `an email containing ${marker}` },
    )
    .toContain(marker);
  return found;
}

/**
 * A file as the dealer's browser opens it: fetched from the page (its origin, its cookies — Node's
 * requests do not resolve *.localhost), with its status, type, disposition and first bytes.
 */
function openFile(page: Page, address: string) {
  return page.evaluate(async (href) => {
    const response = await fetch(href);
    const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition') ?? '',
      head: String.fromCharCode(...bytes),
    };
  }, address);
}

test('a PDF CV goes with the careers enquiry: the dealer’s email links it, the console opens it', async ({
  page,
}) => {
  const form = new LeadFormPage(page, BAYSIDE);
  await form.open('/careers');
  await expect(form.heading).toHaveText('Careers');
  await expect(page.getByText(CV_RULES.hint)).toBeVisible();
  // Not digits alone: a 13-digit timestamp passes the Luhn check one time in ten, and the server refuses a
  // message holding what looks like a card number.
  const marker = `Apprentice application ${Date.now().toString(36)}`;
  await form.fillContact({ name: 'Jo Citizen', email: 'jo.citizen@example.com' });
  await form.chooseFirst('Dealership');
  await form.field('About you').fill(marker);
  await form.field(CV_RULES.label).setInputFiles({
    name: 'Jo Citizen CV.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Jo Citizen - Apprentice Technician'),
  });
  await expect(page.getByText('Attached: Jo Citizen CV.pdf')).toBeVisible();
  await expectAccessible(page);

  const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
  await form.submit.click();
  const sent = await answer;
  expect(sent.status(), `POST /api/leads answered ${await sent.text()}`).toBe(201);
  expect(sent.request().postDataJSON().userData.cv_id).toMatch(/^[0-9a-f-]{36}$/);
  const { lead_id: leadId } = (await sent.json()) as { lead_id: string };
  await expect(page).toHaveURL(/\/success$/);

  // The sales team's email links the CV; the link opens the PDF as sent.
  const mail = await mailWith(marker);
  const link = mail.match(/https?:\/\/\S+\/api\/careers\/cv\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();
  expect(mail).toContain('The CV (Jo Citizen CV.pdf) link works until');
  const opened = await openFile(page, link ?? '');
  expect(opened).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect(opened.disposition).toMatch(/^attachment;/);

  // Signed-in staff of the dealer open it from the lead's page.
  await signInToConsole(page, { site: BAYSIDE, role: 'sales', returnTo: `/dealer/leads/${leadId}` });
  const open = page.getByRole('link', { name: 'Open CV (Jo Citizen CV.pdf)' });
  await expect(open).toBeVisible();
  const download = await openFile(page, (await open.getAttribute('href')) ?? '');
  expect(download).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
});

test('a text file renamed .pdf is refused with the message; removing it leaves the form as it was', async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 422/);
  const form = new LeadFormPage(page, BAYSIDE);
  await form.open('/careers');
  await form.field(CV_RULES.label).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Jo Citizen\nTen years in the workshop.\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: CV_RULES.wrongType })).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(CV_RULES.wrongType)).toHaveCount(0);
});
