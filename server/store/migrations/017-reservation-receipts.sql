-- The shopper's reservation emails (issue 34 item 5, decision 117): one row per receipt a reservation
-- owes its shopper — `held` when the hold starts, `released` when it ends without a sale, `confirmed`
-- when the dealer sells the car. Each row is written in the transaction that makes the change it tells
-- of, so a crash never loses one; the rows wait here until sent (the receipts' outbox). `origin` is the
-- site's address the shopper reserved at, for the links; a later receipt takes its hold's.
CREATE TABLE reservation_receipts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('held', 'released', 'confirmed')),
  origin text,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  given_up_at timestamptz,
  UNIQUE (reservation_id, kind)
);
CREATE INDEX reservation_receipts_due ON reservation_receipts (next_attempt_at)
  WHERE sent_at IS NULL AND given_up_at IS NULL;
