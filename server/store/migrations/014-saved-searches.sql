-- Saved searches with price-drop alerts (issue 19 item 2, decision 099). A shopper's search: its name,
-- the listing address it opens, the Search state and route car types it matches with (`key` is their
-- canonical form: one saved search per search and shopper), and how often it emails.
CREATE TABLE saved_searches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  href text NOT NULL,
  -- The site's address the shopper saved it at: the alert emails' links start with it.
  origin text NOT NULL,
  search jsonb NOT NULL,
  car_types text[],
  key text NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('instant', 'daily', 'off')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, key)
);

-- One row per car a saved search is told of: a new car, or a price drop to `price`. The same car at the
-- same price is told once per search. Rows wait here until their email is sent (the alerts' outbox):
-- `claimed_until` leases them to one sender, a failure keeps them with the error for the next try.
CREATE TABLE search_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  saved_search_id integer NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  car_id integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('new', 'price_drop')),
  price double precision NOT NULL,
  previous_price double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  UNIQUE (saved_search_id, car_id, reason, price)
);
CREATE INDEX search_alerts_waiting ON search_alerts (saved_search_id) WHERE sent_at IS NULL;

-- The last price change the matcher has read: changes stored before alerts existed, and the seed's,
-- are not news.
INSERT INTO store_meta (key, value)
SELECT 'alerts_cursor', to_jsonb(COALESCE(max(id), 0)) FROM car_prices
ON CONFLICT (key) DO NOTHING;
