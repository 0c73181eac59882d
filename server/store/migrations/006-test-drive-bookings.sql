-- Test-drive bookings (issue 15 item 4): one row per booked time of a location, written in the
-- lead's transaction. The primary key is what decides a race: of two shoppers booking one time at
-- the same moment, the second insert finds the first and its whole transaction (lead included) is
-- rolled back, so nothing is stored for the refused booking.
CREATE TABLE test_drive_bookings (
  site_id integer NOT NULL,
  location_slug text NOT NULL,
  slot_start timestamptz NOT NULL,
  lead_id uuid NOT NULL REFERENCES leads (lead_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, location_slug, slot_start)
);
