-- A saved search made with just an email (issue 37 item 9). A signed-out shopper gives an address; the
-- search waits, unconfirmed, for the emailed link to be opened, and sends no alerts until then. The
-- link is one use: only its token's SHA-256 is stored, with when it stops working, and opening it
-- clears both. Searches saved before this, and every search a signed-in shopper saves, are confirmed.
ALTER TABLE saved_searches ADD COLUMN confirmed_at timestamptz;
UPDATE saved_searches SET confirmed_at = created_at;
ALTER TABLE saved_searches ALTER COLUMN confirmed_at SET DEFAULT now();
ALTER TABLE saved_searches ADD COLUMN confirm_token_hash text;
ALTER TABLE saved_searches ADD COLUMN confirm_expires_at timestamptz;
CREATE UNIQUE INDEX saved_searches_confirm_token ON saved_searches (confirm_token_hash)
  WHERE confirm_token_hash IS NOT NULL;
