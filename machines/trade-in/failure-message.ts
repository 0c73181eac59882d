import { TRADE_IN_ERROR_MESSAGE } from '../../domain/trade-in.ts';
import { refusalMessage } from '../shared/refusal.ts';

/** §8: a failure's message, or — not an error object — the wizard's own text. */
export const failureMessage = (error: unknown): string =>
  error instanceof Error ? refusalMessage(error, TRADE_IN_ERROR_MESSAGE) : TRADE_IN_ERROR_MESSAGE;
