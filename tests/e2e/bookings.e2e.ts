import { TestDriveBookingPage } from './pages/forms.page.ts';
import { asOwnShopper, expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Bookings that book (issue 37 item 8), on every demo dealer against the real server and store: the
 * service form's preferred time from the service centre's hours and the odometer, stored with the
 * lead; the dealer's own online service booking offered where its settings name one (`xtime_url`)
 * and nowhere else; a general test drive with the model to drive picked from the dealer's stock.
 */
const ODOMETER = 'Odometer (km)';
const MODEL = 'Model to drive (optional)';

test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) bookings`, () => {
    test('a service booking: a preferred time and the odometer reach the stored lead', async ({ page }) => {
      const form = new TestDriveBookingPage(page, site.slug);
      expect((await form.open('/service'))?.status()).toBe(200);
      await expect(form.heading).toHaveText('Book a service');
      await expect(page).toHaveTitle(`Book a service | ${site.name}`);

      const online = page.getByRole('link', { name: `Book online with ${site.name}` });
      if (site.xtime_url) {
        await expect(online).toHaveAttribute('href', site.xtime_url);
        await expect(online).toHaveAttribute('target', '_blank');
        await expect(online).toHaveAttribute('rel', /noopener/);
      } else {
        await expect(online).toHaveCount(0);
      }
      await expectAccessible(page);

      await form.next();
      await expect(form.errors).toContainText('Please choose a preferred time for your service');
      const times = await form.times();
      const start = times[times.length - 1];
      if (!start) throw new Error(`no service times at ${site.slug}`);
      await form.chooseTime(start);
      await form.next();
      await expect(page.getByText('Preferred date and time:')).toBeVisible();

      const email = freshEmail(`service-${site.slug}`);
      await form.fillContact({ email, postcode: '4178' });
      await form.field(ODOMETER).fill('lots');
      await form.submit.click();
      await expect(form.errors).toContainText('Please enter the odometer reading in km');
      await expect(form.field(ODOMETER)).toHaveAttribute('aria-invalid', 'true');

      await form.field(ODOMETER).fill('45,000');
      const option = site.forms.service_options[0];
      if (option) await form.field(option).check();
      await form.submit.click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(form.success).toContainText('service booking');

      const [lead] = await form.storedLeads(email);
      expect(lead?.payload).toMatchObject({
        category: 'Service Booking',
        dateTime: start,
        odometer: 45000,
        ...(option ? { additional_services: [option] } : {}),
      });
    });

    test('a general test drive: the model to drive is picked from the stock and sent with the lead', async ({
      page,
    }) => {
      const form = new TestDriveBookingPage(page, site.slug);
      expect((await form.open('/book-test-drive'))?.status()).toBe(200);
      const times = await form.times();
      const start = times[times.length - 1];
      if (!start) throw new Error(`no test-drive times at ${site.slug}`);
      await form.chooseTime(start);
      await form.next();

      const select = form.field(MODEL);
      const models = await select
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
      const model = models[0];
      if (!model) throw new Error(`no models in stock at ${site.slug}`);
      await select.selectOption(model);
      await expectAccessible(page);

      const email = freshEmail(`drive-${site.slug}`);
      await form.fillContact({ email });
      await form.terms.check();
      await form.submit.click();
      await expect(page).toHaveURL(/\/success$/);

      const [lead] = await form.storedLeads(email);
      expect(lead?.payload).toMatchObject({ category: 'Test Drive', dateTime: start, model_to_drive: model });
      expect(`${lead?.payload.vehicle_make} ${lead?.payload.vehicle_model}`).toBe(model);
    });
  });
}
