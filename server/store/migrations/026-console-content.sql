-- The dealer console's offers and hours (issue 36 item 6, decision 128).
--
-- A promotion added in the console takes its id from this sequence; the demo's seeded promotions
-- keep theirs (site id × 100 + n), far below where it starts.
CREATE SEQUENCE promotion_ids START WITH 1000001;

-- A location's special days set by the dealer's managers: one a date, laid over the site config's
-- holiday hours wherever hours are read (the console's wins on a date both have).
CREATE TABLE location_special_hours (
  site_id integer NOT NULL,
  location_id integer NOT NULL,
  day date NOT NULL,
  status text NOT NULL CHECK (status IN ('Open', 'Closed')),
  start_hour text,
  end_hour text,
  label text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, location_id, day),
  CHECK (status = 'Closed' OR (start_hour IS NOT NULL AND end_hour IS NOT NULL AND start_hour < end_hour))
);
