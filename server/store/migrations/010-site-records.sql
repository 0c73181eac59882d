-- A site's records (search-detail-finance-watchlist.md §7 "Valuation save": POST /api/miscellaneous
-- with column_name valuation, on flagged sites): what the site keeps beside its leads.
CREATE TABLE site_records (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  column_name text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_records_site ON site_records (site_id, column_name, created_at);
