-- Deposits authorised, then captured or cancelled (issue 34, decision 120). A reservation keeps its
-- payment as the processor last reported it: `charge_id` holds the payment intent's id (`pi_…`),
-- stored as soon as the intent is made; `payment_state` is one of domain/reserve.ts's PAYMENT_STATES;
-- the card's brand and last four digits when the processor says them (nothing more of a card is ever
-- kept); the dealer's connected account the intent lives on; the last refusal the shopper was shown.
-- `purchase` (the checkout journey's choices) and `link_origin` (the site's address the shopper
-- reserved at) are kept from the start so whoever settles the payment — the browser's call, a webhook
-- or the sweep — writes the same lead and receipt.
ALTER TABLE reservations
  ADD COLUMN payment_state text NOT NULL DEFAULT 'awaiting'
    CHECK (payment_state IN ('awaiting', 'authorised', 'captured', 'cancelled', 'refunded', 'disputed',
                             'failed', 'needs_attention')),
  ADD COLUMN card_brand text,
  ADD COLUMN card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  ADD COLUMN stripe_account text,
  ADD COLUMN payment_failure text,
  ADD COLUMN purchase jsonb,
  ADD COLUMN link_origin text;

-- Rows from before: their deposits were charged at once (captured) and refunded when a hold ended or
-- a claim was lost after its charge.
UPDATE reservations SET payment_state = CASE
    WHEN status IN ('held', 'confirmed') THEN 'captured'
    WHEN status = 'released' THEN 'refunded'
    WHEN status = 'failed' AND charge_id IS NOT NULL THEN 'refunded'
    WHEN status = 'failed' THEN 'failed'
    ELSE 'awaiting'
  END;

-- A webhook finds its reservation by the intent; the sweep finds claims left pending.
CREATE INDEX reservations_by_intent ON reservations (charge_id) WHERE charge_id IS NOT NULL;
CREATE INDEX reservations_pending ON reservations (created_at) WHERE status = 'pending';

-- The processor's events already handled, by event id: a webhook delivered twice is acknowledged and
-- ignored the second time.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  intent_id text,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The payment-actions outbox: a capture (a sale confirmed), a cancel (a hold or claim that ended) or
-- a refund the processor owes, written in the transaction of the change that needs it, so a crash
-- never loses one. Claimed with a lease (`next_attempt_at` moved past the send), retried with a
-- growing delay, `done_at` once the processor agreed, `given_up_at` after its tries (the reservation's
-- payment is then `needs_attention`: an operator acts). One of each action per reservation: its
-- idempotency key with the processor is `<action>-<reservation id>`.
CREATE TABLE payment_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  processor text NOT NULL,
  account text,
  intent_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('capture', 'cancel', 'refund')),
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  done_at timestamptz,
  given_up_at timestamptz,
  UNIQUE (reservation_id, action)
);
CREATE INDEX payment_actions_due ON payment_actions (next_attempt_at)
  WHERE done_at IS NULL AND given_up_at IS NULL;
