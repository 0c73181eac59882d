-- Stock from the dealer console (issue 36 item 5, decision 127): each dealer site's CSV column
-- mapping, its feed's address and schedule, and the imports it ran (uploads and pulls) with their reports.

-- One mapping per site: { "<CSV header>": "<car field>" }; a header mapped to nothing is left out.
CREATE TABLE stock_csv_mappings (
  site_id integer PRIMARY KEY,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The dealer's feed, pulled every `every_minutes` while enabled (https only). `next_run_at` is when
-- the server's feed job pulls it next.
CREATE TABLE stock_feeds (
  site_id integer PRIMARY KEY,
  url text NOT NULL,
  format text NOT NULL CHECK (format IN ('json', 'csv')),
  every_minutes integer NOT NULL CHECK (every_minutes BETWEEN 15 AND 10080),
  enabled boolean NOT NULL DEFAULT true,
  replace boolean NOT NULL DEFAULT false,
  next_run_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each import the console ran: an upload or a feed pull, its report (added, changed, removed,
-- refused records, photos queued) or, when it failed, why.
CREATE TABLE stock_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  source text NOT NULL CHECK (source IN ('upload', 'feed')),
  format text NOT NULL CHECK (format IN ('json', 'csv')),
  staff_id integer,
  at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  report jsonb,
  error text
);
CREATE INDEX stock_runs_site_at ON stock_runs (site_id, at DESC, id DESC);

-- A car a manager hid in the console stays hidden through later imports, whatever the feed says of
-- `show_on_dealer_website`, until a manager shows it again.
ALTER TABLE cars ADD COLUMN console_hidden boolean NOT NULL DEFAULT false;
