import { describe, expect, it } from 'vitest';
import { leadFieldFact } from '../../../domain/lead-inbox.ts';

/** The console's lead page: the fields a booking or a careers enquiry sent, labelled and written out. */
describe('a lead’s fields as the dealer reads them', () => {
  it.each([
    [
      'a booking’s time, at the dealer’s clock',
      { name: 'dateTime', value: '2026-11-25T23:00:00.000Z' },
      { label: 'Time asked for', value: '26 Nov 2026, 9:00 am' },
    ],
    ['the odometer, in km', { name: 'odometer', value: '45000' }, { label: 'Odometer', value: '45,000 km' }],
    [
      'the model to drive',
      { name: 'model_to_drive', value: 'Mazda CX-5' },
      { label: 'Model to drive', value: 'Mazda CX-5' },
    ],
    ['any other field, as sent', { name: 'message', value: 'Hi' }, { label: 'message', value: 'Hi' }],
    [
      'a time that is no time, as sent',
      { name: 'dateTime', value: 'soon' },
      { label: 'Time asked for', value: 'soon' },
    ],
    [
      'an odometer that is no number, as sent',
      { name: 'odometer', value: 'lots' },
      { label: 'Odometer', value: 'lots' },
    ],
  ])('%s', (_, field, fact) => {
    expect(leadFieldFact(field, 'Australia/Brisbane')).toEqual(fact);
  });

  it('the CV is not a field: the page links to the file', () => {
    expect(leadFieldFact({ name: 'cv_id', value: '7f0c…' }, 'Australia/Brisbane')).toBeNull();
  });
});
