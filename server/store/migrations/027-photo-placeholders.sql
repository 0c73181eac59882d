-- A stock photo's tiny placeholder (issue 35 item 3, decision 122): its thumbhash, base64 (about 30
-- characters), computed once from the stored master when the worker stores it. Cars carry it in their
-- `data` (`primary_image_thumbhash`, `image_thumbhashes`) and search records beside the photo's address,
-- so a page shows the photo's blurred colours while the photo loads. A photo stored before this
-- migration has none until it is fetched again (a day later, or when its address changes).
ALTER TABLE photo_sources ADD COLUMN thumbhash text;

-- Masters no car names any more (issue 35, decision 122): every master stored is recorded here, and
-- the photo worker's sweep marks one `unused_since` when no car's photo entry leads to it (the car was
-- removed, or its photo address changed, or the photo at that address did). A master unused for the
-- grace period is deleted from the media storage with its variants (and the addresses that led to it
-- forgotten, so a car that names one again fetches it anew); one named again before then is unmarked.
CREATE TABLE photo_masters (
  hash text PRIMARY KEY,
  stored_at timestamptz NOT NULL DEFAULT now(),
  unused_since timestamptz
);
INSERT INTO photo_masters (hash) SELECT DISTINCT hash FROM photo_sources WHERE hash IS NOT NULL;
