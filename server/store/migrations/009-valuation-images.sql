-- Trade-in photos (issue 16): stored with their valuation, metadata already stripped, at most 10
-- per valuation (the count is checked under the valuation row's lock, so parallel uploads cannot
-- pass it).
CREATE TABLE valuation_images (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  valuation_id integer NOT NULL REFERENCES valuations (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX valuation_images_valuation ON valuation_images (valuation_id);
