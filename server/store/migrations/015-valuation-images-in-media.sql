-- Trade-in photos live in the media storage (issue 31 item 1, decision 103): a row keeps where the
-- photo is (storage_key), what it is (kind, content_type), its size and the SHA-256 of its bytes. The
-- bytes column holds only photos stored before this migration, until the server moves them out at
-- start (`moveStoredPhotos`); a row has one or the other.
ALTER TABLE valuation_images ADD COLUMN storage_key text;
ALTER TABLE valuation_images ADD COLUMN kind text;
ALTER TABLE valuation_images ADD COLUMN sha256 text;
ALTER TABLE valuation_images ALTER COLUMN bytes DROP NOT NULL;
ALTER TABLE valuation_images
  ADD CONSTRAINT valuation_images_stored CHECK (storage_key IS NOT NULL OR bytes IS NOT NULL);
CREATE INDEX valuation_images_unmoved ON valuation_images (id) WHERE bytes IS NOT NULL;
