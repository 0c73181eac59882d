-- Every asking price a car has had (issue 19 item 3): a row when a car is first stored and one each
-- time its asking price (the offer price when there is one, else the price) changes — from a stock
-- import, the admin route or the seed. The car page reads its history; the search records carry the
-- last drop.
CREATE TABLE car_prices (
  id bigserial PRIMARY KEY,
  car_id integer NOT NULL,
  price double precision NOT NULL CHECK (price >= 0),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_prices_car_at ON car_prices (car_id, at);
