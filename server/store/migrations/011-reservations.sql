-- Reservations (issue 17; search-detail-finance-watchlist.md §9 "Reserve deposit default $200, fully
-- refundable, car held 48 hours"): one row per attempt to reserve a car. A row is `pending` while its
-- deposit is being charged, `held` once paid (until `held_until`), `failed` when the charge was refused,
-- `released` when its hold ended without a sale (the deposit refunded), `confirmed` when the dealer
-- sold the car. The partial unique index is what decides a race: of two shoppers reserving one car at
-- the same moment, the second claim finds the first and is refused before any charge is made.
CREATE TABLE reservations (
  id uuid PRIMARY KEY,
  site_id integer NOT NULL,
  dealership_id integer NOT NULL,
  car_id integer NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'held', 'failed', 'released', 'confirmed')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  processor text NOT NULL,
  charge_id text,
  idempotency_key text NOT NULL,
  customer jsonb NOT NULL,
  failure text,
  lead_id uuid,
  held_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, idempotency_key)
);
CREATE UNIQUE INDEX reservations_one_hold_per_car ON reservations (car_id) WHERE status IN ('pending', 'held');
CREATE INDEX reservations_due ON reservations (held_until) WHERE status = 'held';
