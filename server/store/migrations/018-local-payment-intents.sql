-- The local demonstration provider's payment intents (issue 34 item 6; decision 119): what Stripe keeps
-- of a PaymentIntent, kept here so the demo's reservations run the same flow as Stripe's — authorise,
-- then capture or cancel — and the sweep and reconciliation look an intent up after a crash as they do
-- with Stripe. One row per intent; `idempotency_key` is unique, so a create resent with its key finds
-- the intent made the first time. The `*_key` columns hold the idempotency key that captured,
-- cancelled or refunded it, so the same call again answers the same intent rather than an error.
-- Of a card it holds the brand and last four digits only: the browser's component sends an outcome
-- token (`local_tok_…`), never a number. `client_secret` is the browser's capability to confirm this
-- one intent (as Stripe's is); it is compared in constant time and never logged.
CREATE TABLE local_payment_intents (
  id text PRIMARY KEY CHECK (id ~ '^pi_local_[a-z0-9]{8,64}$'),
  client_secret text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN (
    'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing',
    'requires_capture', 'canceled', 'succeeded')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  account text,
  description text NOT NULL,
  statement_descriptor text,
  metadata jsonb NOT NULL,
  last_failure text,
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  capture_key text,
  cancel_key text,
  refund_key text,
  refunded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
