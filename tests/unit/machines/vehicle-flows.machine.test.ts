import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { collapsibleSectionsMachine } from '../../../machines/collapsible-sections/collapsible-sections.machine.ts';
import { financeDisclaimerMachine } from '../../../machines/finance-disclaimer/finance-disclaimer.machine.ts';
import {
  selectDisclaimer,
  selectIsLoading,
} from '../../../machines/finance-disclaimer/finance-disclaimer.selectors.ts';
import { pdfDownloadMachine } from '../../../machines/pdf-download/pdf-download.machine.ts';
import { phoneRevealMachine } from '../../../machines/phone-reveal/phone-reveal.machine.ts';
import { maskPhone, selectRevealedPhone } from '../../../machines/phone-reveal/phone-reveal.selectors.ts';

const tracking = { car_id: 10001, dealership_id: 1011, website_id: 101 };

describe('phoneReveal (§4 Phone reveal, §7 reveal tracking, §8)', () => {
  function reveal(track: (input: typeof tracking) => Promise<unknown>) {
    const logWarning = vi.fn();
    const calls: unknown[] = [];
    const actor = createActor(
      phoneRevealMachine.provide({
        actors: {
          trackReveal: fromPromise(({ input }) => {
            calls.push(input);
            return track(input);
          }),
        },
        actions: { logWarning: (_, params) => logWarning(params.message) },
      }),
      { input: { tracking } },
    ).start();
    return { actor, logWarning, calls };
  }

  it('masks the number until clicked; a click fires tracking with car_id, dealership_id, website_id and shows a tel: link', async () => {
    expect(maskPhone('07 5550 1100')).toBe('07 5550 ••••');
    const { actor, calls, logWarning } = reveal(async () => ({ id: 1 }));
    expect(selectRevealedPhone(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'phone.reveal', phone: '07 5550 1100' });
    expect(selectRevealedPhone(actor.getSnapshot())).toEqual({
      text: '07 5550 1100',
      href: 'tel:0755501100',
    });
    await waitFor(actor, (s) => s.matches({ revealed: 'tracked' }));
    expect(calls).toEqual([tracking]);
    expect(logWarning).not.toHaveBeenCalled();
  });

  it('§8 a failed tracking call is only logged: the number stays shown', async () => {
    const { actor, logWarning } = reveal(async () => {
      throw new Error('Request failed with status 500');
    });
    actor.send({ type: 'phone.reveal', phone: '07 5550 1100' });
    await waitFor(actor, (s) => s.matches({ revealed: 'trackingFailed' }));
    expect(selectRevealedPhone(actor.getSnapshot())?.text).toBe('07 5550 1100');
    expect(logWarning).toHaveBeenCalledWith('Phone reveal tracking failed: Request failed with status 500');
  });

  it('§8 no phone number: a console warning only, no tracking call, nothing revealed', () => {
    const { actor, calls, logWarning } = reveal(async () => ({ id: 1 }));
    actor.send({ type: 'phone.reveal', phone: null });
    expect(actor.getSnapshot().value).toBe('masked');
    expect(calls).toEqual([]);
    expect(logWarning).toHaveBeenCalledWith('No phone number for car 10001: nothing to reveal');
  });
});

describe('financeDisclaimer (§2 Modals, §4 lazy disclaimer with a spinner)', () => {
  it('loads on first opening (busy meanwhile), then shows the provider’s disclaimer; reopening does not reload', async () => {
    let loads = 0;
    let release: (value: Record<string, string>) => void = () => {};
    const actor = createActor(
      financeDisclaimerMachine.provide({
        actors: {
          loadDisclaimers: fromPromise(() => {
            loads += 1;
            return new Promise<Record<string, string>>((resolve) => {
              release = resolve;
            });
          }),
        },
      }),
      { input: { carId: 10001, provider: 'oem' } },
    ).start();
    actor.send({ type: 'disclaimer.open' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    release({ oem: 'OEM offer only.', taurus: 'Other.' });
    await waitFor(actor, (s) => s.matches({ open: 'shown' }));
    expect(selectDisclaimer(actor.getSnapshot())).toBe('OEM offer only.');
    actor.send({ type: 'disclaimer.close' });
    actor.send({ type: 'disclaimer.open' });
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
    expect(loads).toBe(1);
  });

  it('a failure is shown and retried', async () => {
    let calls = 0;
    const actor = createActor(
      financeDisclaimerMachine.provide({
        actors: {
          loadDisclaimers: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Network error: offline');
            return { oem: 'OEM offer only.' } as Record<string, string>;
          }),
        },
      }),
      { input: { carId: 10001, provider: 'oem' } },
    ).start();
    actor.send({ type: 'disclaimer.open' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(actor.getSnapshot().context.error).toBe('Network error: offline');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ open: 'shown' }));
  });
});

describe('pdfDownload (§7 Car PDF download, §8 failure alert)', () => {
  function download(result: () => Promise<Blob>) {
    const saveFile = vi.fn();
    const alertError = vi.fn();
    const actor = createActor(
      pdfDownloadMachine.provide({
        actors: { downloadPdf: fromPromise(result) },
        actions: {
          saveFile: (_, params) => saveFile(params.fileName, params.file),
          alertError: (_, params) => alertError(params.message),
        },
      }),
      { input: { slug: '2021-mazda-cx-5-maxx-sport-10001' } },
    ).start();
    return { actor, saveFile, alertError };
  }

  it('saves the file as {slug}.pdf', async () => {
    const file = new Blob(['%PDF-'], { type: 'application/pdf' });
    const { actor, saveFile, alertError } = download(async () => file);
    actor.send({ type: 'pdf.download' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saveFile).toHaveBeenCalledWith('2021-mazda-cx-5-maxx-sport-10001.pdf', file);
    expect(alertError).not.toHaveBeenCalled();
  });

  it('a failure alerts the error message and may be tried again', async () => {
    const { actor, saveFile, alertError } = download(async () => {
      throw new Error('Request failed with status 500');
    });
    actor.send({ type: 'pdf.download' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(alertError).toHaveBeenCalledWith('Request failed with status 500');
    expect(saveFile).not.toHaveBeenCalled();
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().matches('downloading')).toBe(true);
  });
});

describe('collapsibleSections (§2 persisted by header name, storage injected)', () => {
  const sections = [
    { name: 'Why Buy From Us', persist: false, defaultOpen: false },
    { name: 'Car Summary', persist: true, defaultOpen: true },
    { name: 'All Specifications', persist: true, defaultOpen: false },
  ];

  function start(stored: () => Promise<Record<string, boolean>>) {
    const writes: unknown[] = [];
    const actor = createActor(
      collapsibleSectionsMachine.provide({
        actors: { readOpenSections: fromPromise(stored) },
        actions: { writeOpenSections: (_, open) => writes.push(open) },
      }),
      { input: { sections } },
    ).start();
    return { actor, writes };
  }

  it('starts at the defaults, restores only the persisted sections, and writes them by header name', async () => {
    const { actor, writes } = start(async () => ({
      'Car Summary': false,
      'All Specifications': true,
      'Why Buy From Us': true,
    }));
    expect(actor.getSnapshot().context.open).toEqual(['Car Summary']);
    actor.send({ type: 'sections.restore' });
    await waitFor(actor, (s) => s.matches('restored'));
    expect(actor.getSnapshot().context.open).toEqual(['All Specifications']);
    actor.send({ type: 'sections.change', open: ['All Specifications', 'Why Buy From Us', 'Unknown'] });
    expect(actor.getSnapshot().context.open).toEqual(['Why Buy From Us', 'All Specifications']);
    expect(writes).toEqual([{ 'Car Summary': false, 'All Specifications': true }]);
  });

  it('a press while the stored state is read wins over it: the shopper’s section stays open', async () => {
    const { actor, writes } = start(async () => ({ 'All Specifications': false, 'Car Summary': true }));
    actor.send({ type: 'sections.restore' });
    actor.send({ type: 'sections.change', open: ['Car Summary', 'All Specifications'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('restored');
    expect(actor.getSnapshot().context.open).toEqual(['Car Summary', 'All Specifications']);
    expect(writes).toEqual([{ 'Car Summary': true, 'All Specifications': true }]);
  });

  it('a storage failure keeps the sections working at their current state', async () => {
    const { actor } = start(async () => {
      throw new Error('SecurityError: storage is disabled');
    });
    actor.send({ type: 'sections.restore' });
    await waitFor(actor, (s) => s.matches('storageFailed'));
    expect(actor.getSnapshot().context.open).toEqual(['Car Summary']);
    actor.send({ type: 'sections.change', open: [] });
    expect(actor.getSnapshot().context.open).toEqual([]);
  });
});
