-- Forecourt store, first migration: catalogue, stock, reviews, promotions and store metadata.
-- Entity tables keep the whole validated entity in `data` (jsonb) so every spec field is stored, and
-- copy into typed columns only what queries filter, sort or join on. Append-only: change the schema
-- in a new NNN-name.sql file.

CREATE TABLE makes (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  data jsonb NOT NULL
);

CREATE TABLE models (
  id integer PRIMARY KEY,
  make_id integer NOT NULL REFERENCES makes (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT '',
  manufacturer_body text NOT NULL,
  data jsonb NOT NULL,
  UNIQUE (make_id, slug)
);

-- Dealerships come from tenant config, so dealership_id has no foreign key here.
CREATE TABLE cars (
  id integer PRIMARY KEY,
  dealership_id integer NOT NULL,
  slug text NOT NULL,
  vehicle_kind text NOT NULL,
  car_type text NOT NULL,
  status text NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  badge text,
  year integer NOT NULL,
  price double precision NOT NULL,
  km integer NOT NULL,
  body text,
  fuel text,
  transmission text,
  drive text,
  colour text,
  city text,
  state text,
  tag text,
  stocknum text NOT NULL,
  vin text,
  reserved boolean NOT NULL,
  certified boolean NOT NULL,
  show_on_dealer_website boolean NOT NULL,
  created_at timestamptz NOT NULL,
  sold_at timestamptz,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (dealership_id, slug)
);
CREATE INDEX cars_dealership_status ON cars (dealership_id, status);
CREATE INDEX cars_slug ON cars (slug);

-- Reviews belong to a site and optionally to one dealership and one of its locations.
CREATE TABLE reviews (
  id integer PRIMARY KEY,
  site_id integer NOT NULL,
  dealership_id integer,
  location_id integer,
  customer_name text NOT NULL,
  text text,
  rating double precision NOT NULL CHECK (rating >= 1 AND rating <= 5),
  image_url text,
  thumb_url text,
  review_date date NOT NULL
);
CREATE INDEX reviews_site_date ON reviews (site_id, review_date DESC);

CREATE TABLE promotions (
  id integer PRIMARY KEY,
  site_id integer NOT NULL,
  start_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  data jsonb NOT NULL,
  CHECK (start_at < expires_at)
);
CREATE INDEX promotions_site ON promotions (site_id, start_at);

-- Small facts about the store itself, such as the seed's reference date.
CREATE TABLE store_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
