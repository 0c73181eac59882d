import type { SnapshotFrom } from 'xstate';
import type { financeDisclaimerMachine } from './finance-disclaimer.machine.ts';

type FinanceDisclaimerSnapshot = SnapshotFrom<typeof financeDisclaimerMachine>;

/** Whether the modal is open. */
export const selectIsOpen = (snapshot: FinanceDisclaimerSnapshot): boolean => snapshot.matches('open');

/** Whether the disclaimer is still loading (the spinner shows). */
export const selectIsLoading = (snapshot: FinanceDisclaimerSnapshot): boolean => snapshot.hasTag('busy');

/** The provider's disclaimer once loaded; `null` while loading, after a failure, or without one. */
export const selectDisclaimer = (snapshot: FinanceDisclaimerSnapshot): string | null => {
  const { disclaimers, provider } = snapshot.context;
  if (!snapshot.matches({ open: 'shown' }) || !disclaimers || !provider) return null;
  return disclaimers[provider] ?? null;
};

/** The failure message, when loading failed. */
export const selectError = (snapshot: FinanceDisclaimerSnapshot): string | null =>
  snapshot.matches({ open: 'failed' }) ? snapshot.context.error : null;
