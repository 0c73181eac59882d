import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MakeOption } from '../../machines/make-picker/make-picker.machine.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { makeModelsFromFacet } from '../../views/search/make-models.ts';
import {
  MakePicker,
  type MakePickerProps,
  type MakePickerRefinement,
} from '../../views/search/make-picker.tsx';
import { testConnection as connection } from '../fixtures/public-site.ts';

const sites = loadTenants();
const siteOf = (slug: string) => {
  const config = sites.find((site) => site.slug === slug);
  if (!config) throw new Error(slug);
  return toPublicSite(config, connection);
};

const names = ['Toyota', 'Mazda', 'Ford', 'Hyundai', 'Kia', 'Mitsubishi', 'Nissan', 'Subaru', 'Land Rover'];
const makes: MakeOption[] = names.map((name, index) => ({
  name,
  slug: name.toLowerCase().replace(' ', '-'),
  count: 1200 - index * 100,
  logoUrl: name === 'Land Rover' ? null : `/media/makes/${name.toLowerCase()}.svg`,
}));
const facet = Object.fromEntries([
  ...Array.from({ length: 32 }, (_, n) => [`Toyota Model ${String(n + 1).padStart(2, '0')}`, 40 - n]),
  ['Land Rover Defender', 3],
  ['Mazda CX-5', 9],
]);

function renderPicker(slug = 'bayside-mazda', props: Partial<MakePickerProps> = {}) {
  const onRefine = vi.fn<(refinement: MakePickerRefinement) => void>();
  render(
    <SiteProvider site={siteOf(slug)}>
      <MakePicker
        makes={makes}
        modelsByMake={makeModelsFromFacet(names, facet)}
        selected={{ make: ['Mazda'], make_model: ['Toyota Model 02'] }}
        onRefine={onRefine}
        {...props}
      />
    </SiteProvider>,
  );
  return { onRefine };
}

describe('make picker view (spec doc 1 §2 "Make picker", §9)', () => {
  it("§9: 'Popular Makes' shows 7 makes, with logos or a text badge and counts", () => {
    renderPicker();
    const popular = screen.getByRole('region', { name: 'Popular Makes' });
    const buttons = within(popular)
      .getAllByRole('button', { pressed: false })
      .concat(within(popular).getAllByRole('button', { pressed: true }));
    expect(buttons).toHaveLength(7);
    expect(
      within(popular)
        .getByRole('button', { name: 'Toyota (1,200)' })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe('/media/makes/toyota.svg');
    expect(screen.queryByRole('region', { name: 'All Makes' })).toBeNull();
  });

  it("'Show all makes' adds 'All Makes' (A–Z) and 'Hide extra makes' folds it, by keyboard too", async () => {
    renderPicker();
    const toggle = screen.getByRole('button', { name: 'Show all makes' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const all = screen.getByRole('region', { name: 'All Makes' });
    expect(within(all).getAllByRole('button', { pressed: false }).length).toBeGreaterThan(0);
    expect(within(all).getByTestId('make-badge').textContent).toBe('LR');
    await userEvent.click(screen.getByRole('button', { name: 'Hide extra makes' }));
    expect(screen.queryByRole('region', { name: 'All Makes' })).toBeNull();
  });

  it("§9: the dealer group's popular-makes count replaces 7", () => {
    renderPicker('harbour-auto-group');
    const popular = screen.getByRole('region', { name: 'Popular Makes' });
    expect(within(popular).getAllByRole('listitem')).toHaveLength(4);
  });

  it('a make is a toggle button: pressed when refined, and a click asks to refine it', async () => {
    const { onRefine } = renderPicker();
    expect(screen.getByRole('button', { name: 'Mazda (1,100)' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Ford (1,000)' }));
    expect(onRefine).toHaveBeenCalledWith({ attribute: 'make', value: 'Ford' });
  });

  it("§9: 'Select models' lists up to 30 models of the make; a model asks to refine make_model", async () => {
    const { onRefine } = renderPicker();
    const expander = screen.getByRole('button', { name: 'Select models for Toyota' });
    expect(expander.textContent).toBe('Select models');
    await userEvent.click(expander);
    expect(expander.getAttribute('aria-expanded')).toBe('true');
    const models = screen.getAllByRole('button', { name: /^Model \d+/ });
    expect(models).toHaveLength(30);
    expect(screen.getByRole('button', { name: 'Model 02 (39)' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Model 05 (36)' }));
    expect(onRefine).toHaveBeenCalledWith({ attribute: 'make_model', value: 'Toyota Model 05' });
    await userEvent.click(screen.getByRole('button', { name: 'Select models for Mazda' }));
    await waitFor(() => expect(expander.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('button', { name: 'CX-5 (9)' })).toBeTruthy();
  });

  it('makeModelsFromFacet files each make_model value under its make', () => {
    expect(makeModelsFromFacet(['Land', 'Land Rover'], { 'Land Rover Defender': 3 })).toEqual({
      'Land Rover': [{ name: 'Defender', count: 3, value: 'Land Rover Defender' }],
    });
  });
});
