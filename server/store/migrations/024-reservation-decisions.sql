-- The dealer's decisions on a hold in the console (issue 36 item 4): when the sale was confirmed, and
-- when a hold was released early by the dealer. A `released` reservation without `released_early_at`
-- ran out (the sweep released it): the console lists it as expired. The shopper of a hold released
-- by the dealer gets its own receipt, `released_by_dealer` (the sweep's `released` says the time ran out).
ALTER TABLE reservations
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN released_early_at timestamptz;

ALTER TABLE reservation_receipts DROP CONSTRAINT reservation_receipts_kind_check;
ALTER TABLE reservation_receipts ADD CONSTRAINT reservation_receipts_kind_check
  CHECK (kind IN ('held', 'released', 'released_by_dealer', 'confirmed'));

-- The console lists a site's reservations, the newest first.
CREATE INDEX reservations_site_created ON reservations (site_id, created_at DESC);
