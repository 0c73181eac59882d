-- Accounts, sessions, watchlists and analytics events (issue 6). A shopper's account belongs to one
-- dealer site: the same email on two sites is two accounts, and a session works only on the site that
-- started it. Only a session token's SHA-256 is stored. Watchlist entries follow the stock: a car
-- deleted from the store leaves every watchlist with it.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  phone_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, email)
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE watchlist_entries (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  car_id integer NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, car_id)
);
CREATE INDEX watchlist_entries_car ON watchlist_entries (car_id);

CREATE TABLE analytics_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  event_id integer NOT NULL,
  car_id integer,
  path text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_site ON analytics_events (site_id, event_id, created_at);
