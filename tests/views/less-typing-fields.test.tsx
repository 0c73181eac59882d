import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShopperContact } from '../../domain/shopper-contact.ts';
import type { SiteFormDefinition } from '../../domain/site-form-pages.ts';
import { formSubmissionMachine } from '../../machines/form-submission/form-submission.machine.ts';
import { SiteFormView } from '../../views/ui/site-form.tsx';

const FORM: SiteFormDefinition = {
  id: 'contact',
  heading: 'Contact us',
  intro: 'Ask us anything.',
  category: 'General Enquiry',
  eventId: 22,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'email', label: 'Email', kind: 'email', required: true },
    { name: 'phone', label: 'Phone', kind: 'tel', required: false },
  ],
  schemaOptions: { contact: true, dealershipCount: 1, categories: ['General Enquiry'] },
  submitLabel: 'Send',
};

/**
 * Issue 37 item 9: a form drawn before the signed-in shopper's details arrive. The details fill the
 * fields the shopper has not typed in; what they typed stays theirs.
 */
describe('a signed-in shopper’s details arriving after first paint', () => {
  it('fill the untouched fields only', async () => {
    let answer: (contact: ShopperContact) => void = () => {};
    const actor = createActor(
      formSubmissionMachine.provide({
        actors: {
          readContact: fromPromise<ShopperContact | null>(
            () => new Promise<ShopperContact>((resolve) => (answer = resolve)),
          ),
        },
      }),
      {
        input: {
          category: 'General Enquiry',
          eventId: 22,
          successPath: null,
          form: 'contact',
          rules: FORM.schemaOptions,
          readsContact: true,
        },
      },
    ).start();
    render(<SiteFormView actorRef={actor} form={FORM} idPrefix="form-contact" />);
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    const phone = screen.getByLabelText<HTMLInputElement>('Phone');
    await userEvent.type(email, 'work@example.com');
    await act(async () => answer({ name: null, email: 'sam@example.com', phone: '0400 111 222' }));
    expect(email.value).toBe('work@example.com');
    expect(phone.value).toBe('0400 111 222');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    actor.stop();
  });
});
