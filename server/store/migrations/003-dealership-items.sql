-- Dealership items: parts and accessories, searched by categories and price (the `items` index).
-- Numbered 003 so the vehicle page's own 002 migration can land beside it.
CREATE TABLE items (
  id integer PRIMARY KEY,
  dealership_id integer NOT NULL,
  slug text NOT NULL,
  price double precision NOT NULL,
  data jsonb NOT NULL,
  UNIQUE (dealership_id, slug)
);
CREATE INDEX items_dealership ON items (dealership_id);
