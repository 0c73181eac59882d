import type { ShopperContact } from '../../domain/shopper-contact.ts';

/**
 * The signed-in shopper's details read beside a form (issue 37 item 9), as two sub-states to spread
 * into a step's `states`: `reading` invokes `readContact` (id and src alike) and goes to `ready`,
 * applying the contact (`ShopperContact | null`) with `action` on done; a failure goes to `ready`
 * too. The machine declares the `readContact` actor and the action, and chooses when reading starts
 * (`initial: 'reading'`, or a guarded `always` into it as the form-submission machine does); Back
 * targets `ready` so the details are not read twice.
 *
 * @example
 * message: { initial: 'reading', states: readingContact('prefillDetails'), on: { … } },
 */
export const readingContact = <TAction extends string>(action: TAction) => ({
  reading: {
    invoke: {
      id: 'readContact' as const,
      src: 'readContact' as const,
      onDone: {
        target: 'ready' as const,
        actions: {
          type: action,
          params: ({ event }: { event: { output: ShopperContact | null } }) => event.output,
        },
      },
      // Less typing is a convenience: without the session the shopper types their details.
      onError: { target: 'ready' as const },
    },
  },
  ready: {},
});
