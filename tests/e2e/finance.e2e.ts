import { publicFeatures } from '../../tenants/features.ts';
import { ShellPage } from './pages/shell.page.ts';
import { SignInPage } from './pages/sign-in.page.ts';
import { VehicleFinder } from './pages/vehicle.page.ts';
import { asOwnShopper, expect, expectAccessible, freshEmail, test } from './support/fixtures.ts';
import { demoSites } from './support/server.ts';

/**
 * The finance page (issue 17 item 4) in the browser against the real server: from a car page to the
 * dealer's finance route with the car filled in, the repayment calculator, and the pre-approval
 * application sent as a lead.
 */
const PASSWORD = 'correct horse battery';

test.beforeEach(async ({ page }) => {
  await asOwnShopper(page);
});

for (const site of demoSites) {
  test(`${site.name}: from a car to ${site.finance.path}, the calculator, and a pre-approval application`, async ({
    page,
    request,
  }) => {
    const finder = new VehicleFinder(request, site.slug);
    const [hit] = await finder.hits('status:in_stock', 1);
    if (!hit) throw new Error(`${site.slug} has no car in stock`);
    const { car } = await finder.vehicle(hit.slug);
    const shell = new ShellPage(page, site.slug);
    await shell.open(`/cars/${car.slug}`);
    const personalised = publicFeatures(site).personalisedFlow;
    if (personalised) {
      // §4: the personalised-flow dealer's finance is gated; sign in on the way.
      await page.locator('[data-action="finance"]').click();
      await new SignInPage(page, site.slug).signUp(freshEmail('finance'), PASSWORD);
      await expect(page).toHaveURL(new RegExp(`/personalised/finance\\?car_id=${car.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your personalised finance');
    } else {
      await page.locator('[data-action="finance"]').click();
      await expect(page).toHaveURL(new RegExp(`${site.finance.path}\\?.*car_id=${car.id}.*#finance-form$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for finance');
    }
    await expect(page.getByTestId('finance-car')).toContainText(car.name);
    await expect(page.getByLabel('Vehicle price budget ($)')).toHaveValue(String(Math.round(car.price)));
    await expectAccessible(page);

    // The calculator: the dealer's rate, weekly in whole dollars, the disclaimer.
    const calculator = page.getByTestId('finance-calculator');
    await expect(calculator).toContainText(`At ${site.finance.default_interest_rate}% p.a.`);
    await expect(page.getByTestId('finance-disclaimer')).toHaveText(
      'The figure is indicative only and not a quote.',
    );
    const weekly = page.getByTestId('finance-weekly');
    const before = await weekly.textContent();
    await calculator.getByLabel('Deposit ($)').fill(String(Math.round(car.price / 2)));
    await expect(weekly).not.toHaveText(before ?? '');
    await expect(weekly).toHaveText(/^\$\d{1,3}(,\d{3})* per week$/);
    await calculator.getByLabel('Term').selectOption('7');
    await expect(calculator).toContainText('over 7 years');

    const form = page.locator('#finance-form');
    await form.getByRole('button', { name: 'Apply for pre-approval' }).click();
    await expect(page.getByTestId('form-errors')).toContainText('Please enter your name');
    await expectAccessible(page);
    await form.getByLabel('Name', { exact: true }).fill('Sam Shopper');
    await form.getByLabel('Email', { exact: true }).fill('sam@example.com');
    await form.getByLabel('Phone', { exact: true }).fill('0400 111 222');
    await form.getByLabel('Postcode', { exact: true }).fill('4000');
    if (site.dealerships.length > 1) {
      await expect(form.getByLabel('Dealership')).toHaveValue(car.dealership_slug);
    }
    await form.getByLabel('Employment status').selectOption('Full time');
    const lead = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Apply for pre-approval' }).click();
    const sent = (await lead).postDataJSON() as { form: string; userData: Record<string, unknown> };
    expect(sent.form).toBe('finance');
    expect(sent.userData).toMatchObject({
      category: 'Finance Enquiry',
      subcategory: 'Pre-Approval',
      car_id: car.id,
      finance_term_years: 7,
    });
    await expect(page).toHaveURL(/\/success$/);
  });
}

test('another dealer’s finance route moves to this dealer’s own, keeping the query', async ({ page }) => {
  const shell = new ShellPage(page, 'outback-rv');
  await shell.open('/apply-for-finance?vehiclePriceBudget=42000');
  await expect(page).toHaveURL(/\/finance-enquiry\?vehiclePriceBudget=42000$/);
  await expect(page.getByLabel('Vehicle price budget ($)')).toHaveValue('42000');
});
