import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CarSummary } from '../../domain/contracts/vehicle.ts';
import type { PhotoUpload, VehicleRecord } from '../../domain/trade-in.ts';
import { photoUploadMachine } from '../../machines/trade-in/photo-upload.machine.ts';
import { tradeInMachine } from '../../machines/trade-in/trade-in.machine.ts';
import { TradeInWizard } from '../../views/trade-in/trade-in-wizard.tsx';

/**
 * The trade-in wizard's steps as a shopper sees them (`locations-forms-tradein-site.md` §4, §5), each
 * rendered from the machine through its selectors with fake calls: the step's schema runs in the
 * machine, and Step Three is the `photoUpload` child.
 */
const LOOKED_UP: VehicleRecord = {
  VIN: 'TEST01VIN',
  VechielDescriptions: [{ Description: '2021 Mazda Mazda3 GX' }, { Description: '2021 Mazda Mazda3 GXL' }],
};

function wizard() {
  const uploads: PhotoUpload[] = [];
  const actor = createActor(
    tradeInMachine.provide({
      actors: {
        loadCar: fromPromise(async (): Promise<CarSummary | null> => null),
        lookUpRego: fromPromise(async () => [LOOKED_UP]),
        chooseDescription: fromPromise(
          async (): Promise<VehicleRecord[]> => [{ VIN: 'TEST01VIN', EvalID: 'EV1' }],
        ),
        photoUpload: photoUploadMachine.provide({
          actors: {
            uploadImage: fromPromise(async ({ input }) => {
              uploads.push(input);
              return { image_id: 1, count: 1 };
            }),
          },
          actions: { alertMessage: () => {} },
        }),
      },
      actions: { recordAccepted: () => {}, saveValuation: () => {} },
    }),
    {
      input: {
        imageDealerships: ['bayside-mazda'],
        carId: null,
        dealershipSlug: 'bayside-mazda',
        valuationSave: false,
      },
    },
  ).start();
  render(<TradeInWizard actorRef={actor} />);
  return { actor, uploads };
}

describe('trade-in wizard (views/trade-in)', () => {
  it('shows each step’s errors from the machine, then takes the shopper through Steps Two to Four', async () => {
    const { uploads } = wizard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Value my car' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('* This field is required');
    await user.type(screen.getByLabelText('Registration number'), 'TEST01');
    await user.click(screen.getByRole('button', { name: 'Value my car' }));

    expect(await screen.findByText('Step Two Vehicle Selection')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('* Please choose one car.');
    await user.click(screen.getByLabelText('2021 Mazda Mazda3 GXL'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step Three Upload Images')).toBeTruthy();
    const photo = new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add photos'), photo);
    const images = screen.getByTestId('trade-in-images');
    await waitFor(() =>
      expect(within(images).getByText('front.jpg').closest('li')?.getAttribute('data-status')).toBe('done'),
    );
    expect(uploads.map((upload) => [upload.evalId, upload.name])).toEqual([['EV1', 'front.jpg']]);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step Four Your Details')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get my offer' }));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(
      'Invalid postcode. Please enter a 4-digit number.',
    );
  }, 30_000);
});
