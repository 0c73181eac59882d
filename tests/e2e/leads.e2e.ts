import { EnquiryFormPart, TestDriveBookingPage } from './pages/forms.page.ts';
import { LeadFormPage } from './pages/leads.page.ts';
import { VehicleFinder, VehiclePage } from './pages/vehicle.page.ts';
import {
  asOwnShopper,
  dropNextCall,
  expect,
  expectAccessible,
  freshEmail,
  recordDialogs,
  test,
} from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * Leads (issue 15) in the browser against the real server and store: each demo dealer's contact
 * form (its fields differ per dealer) and a car of theirs enquired about and booked (a per-dealer
 * smoke); once, on one dealer, the careers mapping, the same-time race, the server-failure alert, the
 * car page's enquiry and photo request and the test-drive booking's every branch (issue 32 item 11:
 * a branch that is the same on every dealer runs once).
 */
const BAYSIDE = 'bayside-mazda';

test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

for (const site of demoSites) {
  test.describe(`${site.name} (${site.slug}) lead forms`, () => {
    test('the contact form names what is missing, then sends and lands on /success', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(/status of 422/);
      const form = new LeadFormPage(page, site.slug);
      const response = await form.open('/contact-us');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`Contact us | ${site.name}`);
      await expect(form.heading).toHaveText('Contact us');
      await expectAccessible(page);

      await form.submit.click();
      await expect(form.errors).toContainText('Please fix the following errors:');
      await expect(form.errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
      await expect(form.errors).toContainText('Please enter a valid email address');
      await expect(form.field('Postcode')).toHaveAttribute('aria-invalid', 'true');

      await form.fillContact({ postcode: '400' });
      await form.chooseFirst('Dealership');
      if ((await form.field('Message').count()) > 0)
        await form.field('Message').fill('Do you deliver interstate?');
      await form.submit.click();
      await expect(form.errors).toContainText('Invalid postcode. Please enter a 4-digit number.');

      await form.field('Postcode').fill('0000');
      await form.submit.click();
      // The browser's check passes; the geocoder does not know 0000 (§5 "Invalid postcode").
      await expect(form.errors).toContainText('Invalid postcode');

      await form.field('Postcode').fill('4000');
      const sent = form.nextLead();
      await form.submit.click();
      const body = (await sent).postDataJSON() as { form: string; userData: Record<string, unknown> };
      expect(body.form).toBe('contact');
      expect(body.userData).toMatchObject({ category: 'General Enquiry', postcode: '4000', opt_in: true });
      await expect(page).toHaveURL(/\/success$/);
      await expect(form.success).toContainText('We have received your general enquiry.');
      await expectAccessible(page);
    });

    test('a car of theirs: the enquiry to /success, then a test drive at a free time', async ({
      page,
      request,
    }) => {
      const finder = new VehicleFinder(request, site.slug);
      const answer = (await finder.carForSale(true)) ?? (await finder.carForSale(false));
      if (!answer) throw new Error(`no car for sale at ${site.slug}`);
      const form = new LeadFormPage(page, site.slug);
      await form.open(`/cars/${answer.car.slug}`);
      const enquiry = new EnquiryFormPart(page);
      await enquiry.next('Can I see it on Saturday?');
      await form.fillContact();
      const sent = form.nextLead();
      await enquiry.send();
      expect(((await sent).postDataJSON() as { userData: { car_id: number } }).userData.car_id).toBe(
        answer.car.id,
      );
      await expect(page).toHaveURL(/\/success$/);

      const booking = new TestDriveBookingPage(page, site.slug);
      await booking.open(`/book-test-drive?car_id=${answer.car.id}`);
      await expect(page).toHaveTitle(`Book a test drive: ${answer.car.name} | ${site.name}`);
      await expectAccessible(page);
      await booking.fillBooking((await booking.times()).at(-3) ?? '');
      await booking.submit.click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(form.success).toContainText(`about the ${answer.car.name}`);
    });
  });
}

test.describe('site-wide forms', () => {
  test('a careers enquiry is sent as General Enquiry with subcategory Career Enquiry', async ({ page }) => {
    const form = new LeadFormPage(page, BAYSIDE);
    await form.open('/careers');
    await expect(form.heading).toHaveText('Careers');
    await expectAccessible(page);
    await form.fillContact();
    await form.chooseFirst('Dealership');
    await form.field('About you').fill('Qualified technician, 8 years with Mazda.');
    const sent = form.nextLead();
    await form.submit.click();
    const body = (await sent).postDataJSON() as { userData: Record<string, unknown> };
    expect(body.userData).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    await expect(page).toHaveURL(/\/success$/);
  });

  test('two shoppers choose the same time: the second gets a clear message and fresh times', async ({
    context,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 409/);
    const first = await context.newPage();
    const second = await context.newPage();
    const pages = [new TestDriveBookingPage(first, BAYSIDE), new TestDriveBookingPage(second, BAYSIDE)];
    let start: string | null = null;
    for (const shopper of pages) {
      await asOwnShopper(shopper.page);
      await shopper.open('/book-test-drive');
      // Both take the same time, the sixth offered (the other tests book from the end of the fortnight).
      start ??= (await shopper.times())[5] ?? '';
      await shopper.fillBooking(start);
    }
    const [a, b] = pages as [TestDriveBookingPage, TestDriveBookingPage];
    await a.submit.click();
    await expect(a.page).toHaveURL(/\/success$/);
    await b.submit.click();
    await expect(b.page.getByRole('alert')).toContainText(
      'Sorry, that time has just been booked. Please choose another time.',
    );
    await expect(b.page.locator('input[name=dateTime]').first()).toBeVisible();
    await expect(b.page.locator(`input[name=dateTime][value="${start}"]`)).toHaveCount(0);
    await first.close();
    await second.close();
  });

  test('a server that cannot be reached: the alert, the form error, and the shopper may send again', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/net::ERR|Failed to load resource/);
    const form = new LeadFormPage(page, BAYSIDE);
    await form.open('/fleet');
    await expectAccessible(page);
    await form.fillContact({ postcode: '4178' });
    await form.field('What vehicles are you after?').fill('Six utes for our crews');
    await dropNextCall(page, '**/api/leads');
    const dialogs = recordDialogs(page);
    await form.submit.click();
    await expect
      .poll(() => dialogs)
      .toEqual([{ type: 'alert', message: 'An error occurred when submitting this form' }]);
    await expect(form.errors).toContainText('Please fix the following errors:');
    await expect(form.submit).toBeEnabled();
    // Still in failure, a field emptied: the browser's check holds the form back.
    await form.field('Name').fill('');
    await form.submit.click();
    await expect(form.errors).toContainText('Please enter your name');
    await form.field('Name').fill('Sam Shopper');
    await form.submit.click();
    await expect(page).toHaveURL(/\/success$/);
  });

  test('every submit checks again: filled fields lose their messages; Careers Enquiry records event 51 (issue 31 items 14, 21)', async ({
    page,
  }) => {
    const form = new LeadFormPage(page, BAYSIDE);
    await form.open('/contact-us');
    await form.submit.click();
    await expect(form.errors).toContainText('Please enter your name');
    await expect(form.errors).toContainText('Please enter a valid email address');
    await form.field('Name').fill('Sam Shopper');
    await form.field('Email').fill('sam@example.com');
    await form.submit.click();
    await expect(form.errors).not.toContainText('Please enter your name');
    await expect(form.errors).not.toContainText('Please enter a valid email address');
    await expect(form.field('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.errors).toContainText('Invalid postcode. Please enter a 4-digit number.');
    await expect(form.field('Postcode')).toHaveAttribute('aria-invalid', 'true');

    await form.fillContact({ postcode: '4000' });
    await form.field('Category').selectOption('Careers Enquiry');
    await form.field('Message').fill('Any openings for a technician?');
    const recorded = form.nextAnalytics();
    await form.submit.click();
    expect((await recorded).postDataJSON()).toMatchObject({ event_id: 51 });
    await expect(page).toHaveURL(/\/success$/);
  });

  test('a service booking collects the ticked options; a location page and the other pages render', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 404/);
    const form = new TestDriveBookingPage(page, BAYSIDE);
    await form.open('/service');
    await expect(form.heading).toHaveText('Book a service');
    await expectAccessible(page);
    // The preferred time first, then the car and the details (issue 37 item 8; bookings.e2e.ts).
    const [start] = await form.times();
    if (!start) throw new Error('no service times');
    await form.chooseTime(start);
    await form.next();
    await form.fillContact({ postcode: '4178' });
    await form.field('Odometer (km)').fill('45000');
    await form.field('Tyres').check();
    await form.field('Brakes').check();
    const sent = form.nextLead();
    await form.submit.click();
    const body = (await sent).postDataJSON() as { userData: Record<string, unknown> };
    expect(body.userData).toMatchObject({
      category: 'Service Booking',
      additional_services: ['Tyres', 'Brakes'],
    });
    await expect(page).toHaveURL(/\/success$/);

    await form.open('/contact-us/bayside-mazda-service');
    await expect(page).toHaveTitle('Contact Bayside Mazda Service | Bayside Mazda');
    await expectAccessible(page);
    expect((await form.open('/contact-us/no-such-place'))?.status()).toBe(404);
    await expect(form.heading).toHaveText('Page not found');
    expect((await form.open('/contact'))?.status()).toBe(200);
  });
});

test('a stored lead keeps the visit: every page on the way and the campaign tags it landed with (issue 31 item 18)', async ({
  page,
}) => {
  const form = new LeadFormPage(page, BAYSIDE);
  const site = demoSites.find((candidate) => candidate.slug === BAYSIDE);
  if (!site) throw new Error('no Bayside');
  await form.open('/?utm_source=newsletter&utm_campaign=spring');
  await page.getByRole('link', { name: 'View all stock' }).click();
  await expect(page).toHaveURL(new RegExp(`${site.search.path}$`));
  await form.footer.getByRole('link', { name: 'Contact us' }).first().click();
  await expect(form.heading).toHaveText('Contact us');
  const email = freshEmail('journey');
  await form.fillContact({ email });
  await form.chooseFirst('Dealership');
  await form.field('Message').fill('Do you have a CX-60 coming in?');
  await form.submit.click();
  await expect(page).toHaveURL(/\/success$/);
  const [lead] = await form.storedLeads(email);
  expect(lead?.payload.lead_attributes).toEqual({
    visited_pages: ['/', site.search.path, '/contact-us'],
    linked_query_params: { utm_source: 'newsletter', utm_campaign: 'spring' },
  });
});

test.describe('the car page enquiry', () => {
  test('Enquire: the message, then the details, then /success with the car', async ({ page, request }) => {
    const finder = new VehicleFinder(request, BAYSIDE);
    const answer = await finder.carForSale(true);
    if (!answer) throw new Error('no car for sale');
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${answer.car.slug}`);
    const form = new LeadFormPage(page, BAYSIDE);
    const enquiryForm = new EnquiryFormPart(page);
    const enquiry = enquiryForm.root;
    await page.locator('[data-action="enquire"]').click();
    await expect(page).toHaveURL(/#enquiry-form$/);
    await expect(enquiry).toContainText('Step 1 of 2');
    await enquiryForm.next();
    await expect(enquiry).toContainText('Please fix the following errors:');
    await enquiryForm.next('Is it still available this weekend?');
    await expect(enquiry).toContainText('Step 2 of 2');
    await expectAccessible(page);
    await enquiryForm.send();
    await expect(enquiry).toContainText('Please enter a valid email address');
    await enquiryForm.back();
    await expect(enquiry).toContainText('Step 1 of 2');
    await enquiryForm.next();
    await form.fillContact();
    const sent = form.nextLead();
    await enquiryForm.send();
    const body = (await sent).postDataJSON() as { userData: Record<string, unknown> };
    expect(body.userData).toMatchObject({
      car_id: answer.car.id,
      category: 'Vehicle Enquiry',
      subcategory: 'Vehicle Enquiry',
      dealership_slug: answer.car.dealership_slug,
      'Vehicle Make': answer.car.make,
      'Vehicle Model': answer.car.model,
      car_type: answer.car.car_type,
      opt_in: true,
      message: 'Is it still available this weekend?',
    });
    await expect(page).toHaveURL(/\/success$/);
    await expect(form.success).toContainText(`about the ${answer.car.name}`);
  });

  test('Back to the message and Next again keeps the name, email and phone (issue 31 item 17)', async ({
    page,
    request,
  }) => {
    const answer = await new VehicleFinder(request, BAYSIDE).carForSale(true);
    if (!answer) throw new Error('no car for sale');
    const form = new LeadFormPage(page, BAYSIDE);
    await form.open(`/cars/${answer.car.slug}`);
    const enquiryForm = new EnquiryFormPart(page);
    const enquiry = enquiryForm.root;
    await enquiryForm.next('Is it still available?');
    await form.fillContact({ name: 'Robin Buyer', email: 'robin@example.com', phone: '0400 333 444' });
    await enquiryForm.back();
    await expect(enquiry).toContainText('Step 1 of 2');
    await expect(enquiry.getByLabel('Message')).toHaveValue('Is it still available?');
    await enquiryForm.next();
    await expect(enquiry).toContainText('Step 2 of 2');
    await expect(form.field('Name')).toHaveValue('Robin Buyer');
    await expect(form.field('Email')).toHaveValue('robin@example.com');
    await expect(form.field('Phone')).toHaveValue('0400 333 444');
    const sent = form.nextLead();
    await enquiryForm.send();
    expect(((await sent).postDataJSON() as { userData: Record<string, unknown> }).userData).toMatchObject({
      name: 'Robin Buyer',
      email: 'robin@example.com',
      phone: '0400 333 444',
    });
    await expect(page).toHaveURL(/\/success$/);
  });

  test('Request Photos sends the hidden field; a refusal shows the returned error', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 4\d\d|net::ERR|Failed to load resource/);
    const finder = new VehicleFinder(request, BAYSIDE);
    const answer = await finder.carForSale(true);
    if (!answer) throw new Error('no car for sale');
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${answer.car.slug}`);
    const enquiryForm = new EnquiryFormPart(page);
    const enquiry = enquiryForm.root;
    await page.locator('[data-action="request-photos"]').click();
    await expect(enquiry).toContainText('Please send photos for this car');
    const form = new LeadFormPage(page, BAYSIDE);
    await form.fillContact();
    // The server refuses once (the car was sold meanwhile, say): the returned error shows.
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'car_unavailable', message: 'This car has been sold' } }),
      }),
    );
    await enquiryForm.send('Request Photos');
    await expect(enquiryForm.error).toHaveText('This car has been sold');
    await page.unroute('**/api/leads');
    // From the failure: an emptied field is held back, Back returns to the message step.
    await form.field('Email').fill('');
    await enquiryForm.send('Request Photos');
    await expect(enquiry).toContainText('Please enter a valid email address');
    await enquiryForm.back();
    await expect(enquiry).toContainText('Step 1 of 2');
    await enquiryForm.requestPhotos();
    await form.fillContact();
    // Refused once more, then sent again from the failure.
    await page.route('**/api/leads', (route) => route.abort('connectionfailed'), { times: 1 });
    await enquiryForm.send('Request Photos');
    await expect(enquiryForm.error).toContainText('Network error');
    const sent = form.nextLead();
    await enquiryForm.send('Request Photos');
    const body = (await sent).postDataJSON() as { userData: Record<string, unknown> };
    expect(body.userData).toMatchObject({
      'Request Photos': 'Please send photos for this car',
      subcategory: 'Photo Request',
    });
    await expect(page).toHaveURL(/\/success$/);
  });
});

test.describe('test drives', () => {
  test('a booking: a free time, then the details and terms, then /success', async ({
    page,
    request,
    consoleWatch,
  }) => {
    const finder = new VehicleFinder(request, BAYSIDE);
    const answer = await finder.carForSale(true);
    if (!answer) throw new Error('no car for sale');
    consoleWatch.allow(/net::ERR|Failed to load resource/);
    const vehicle = new VehiclePage(page, BAYSIDE);
    await vehicle.open(`/cars/${answer.car.slug}`);
    // The times load in the browser after a click; the first try is dropped: the page offers a retry.
    await dropNextCall(page, '**/api/test-drives/slots**');
    await page.locator('[data-action="test-drive"]').click();
    await expect(page).toHaveURL(new RegExp(`/book-test-drive\\?car_id=${answer.car.id}$`));
    await page.getByRole('button', { name: 'Try again' }).click();
    const form = new TestDriveBookingPage(page, BAYSIDE);
    await expect(form.heading).toHaveText('Book a test drive');
    await expect(page.getByText(`Test drive the ${answer.car.name}`)).toBeVisible();
    await expectAccessible(page);
    await form.next();
    await expect(form.errors).toContainText('Please choose a time for your test drive');
    await form.chooseTime((await form.times()).at(-1) ?? '');
    await form.next();
    await form.fillContact();
    await form.submit.click();
    await expect(form.errors).toContainText('Please accept the terms and conditions');
    const { terms } = form;
    await terms.check();
    // Change the time and come back: the chosen time is kept.
    await form.change();
    await form.next();
    await form.fillContact();
    await terms.check();
    // The booking is dropped once: the failure shows; from there an emptied field is held back,
    // and Change goes back to the times.
    await dropNextCall(page, '**/api/leads');
    await form.submit.click();
    await expect(form.errors).toContainText('Network error');
    await terms.uncheck();
    await form.submit.click();
    await expect(form.errors).toContainText('Please accept the terms and conditions');
    await form.change();
    await form.next();
    await form.fillContact();
    await terms.check();
    // Dropped again, then sent again from the failure.
    await dropNextCall(page, '**/api/leads');
    await form.submit.click();
    await expect(form.errors).toContainText('Network error');
    const sent = form.nextLead();
    await form.submit.click();
    const body = (await sent).postDataJSON() as { form: string; userData: Record<string, unknown> };
    expect(body.form).toBe('testDrive');
    expect(body.userData).toMatchObject({
      category: 'Test Drive',
      car_id: answer.car.id,
      terms_conditions: true,
    });
    await expect(page).toHaveURL(/\/success$/);
  });
});

test('a group’s booking page offers each sales location’s own times', async ({ page }) => {
  const form = new TestDriveBookingPage(page, 'harbour-auto-group');
  await form.open('/book-test-drive');
  await expect(page.getByText('Times are local to Harbour Toyota Brookvale.')).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption('harbour-kia-mona-vale');
  await expect(page.getByText('Times are local to Harbour Kia Mona Vale.')).toBeVisible();
  await expect(page.locator('input[name=dateTime]').first()).toBeVisible();
});
