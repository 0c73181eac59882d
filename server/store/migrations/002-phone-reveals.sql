-- Phone reveals (search-detail-finance-watchlist.md §4 Phone reveal, §7 Reveal-phone tracking): one row
-- each time a shopper reveals a dealer's number on a car page. Cars and sites come from the stock and
-- tenant config, so there are no foreign keys; the route checks the car belongs to the site.
CREATE TABLE phone_reveals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  car_id integer NOT NULL,
  dealership_id integer NOT NULL,
  website_id integer NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_reveals_car ON phone_reveals (car_id, revealed_at);
