-- Stock photos through the image pipeline (issue 35 items 1–2, decision 122). A feed names its photos
-- by the dealer's CDN addresses; each address is fetched once into the media storage, however many
-- cars name it, and served from the site itself at an address made of its content hash.
--
-- `photo_sources`: one row per remote address. `state` is `queued` until the worker has fetched it
-- (`next_attempt_at`, `attempts` and `last_error` are its retries, with a lease so two processes never
-- fetch one at once), then `ready` or `failed`. `hash` is the stored master's content hash (kept while
-- a changed photo is fetched again), `etag` / `last_modified` what the origin said of it (the next
-- check is a conditional request), `checked_at` when the origin last answered.
CREATE TABLE photo_sources (
  url text PRIMARY KEY,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'ready', 'failed')),
  priority integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  hash text,
  width integer,
  height integer,
  etag text,
  last_modified text,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_sources_due ON photo_sources (priority, next_attempt_at) WHERE state = 'queued';

-- `car_photos`: a car's photo fields as its feed gave them (`primary` is `primary_image_url`, `image`
-- the `images` in order), so the served addresses can be written into the car whenever a photo
-- arrives. `url` may be a site path (the demo's drawings), which is never fetched.
CREATE TABLE car_photos (
  car_id integer NOT NULL,
  field text NOT NULL CHECK (field IN ('primary', 'image')),
  position integer NOT NULL,
  url text NOT NULL,
  PRIMARY KEY (car_id, field, position)
);
CREATE INDEX car_photos_url ON car_photos (url);
