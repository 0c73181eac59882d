-- CVs sent with the careers form (issue 37 item 9): each stored in the media storage (storage_key)
-- under a key of our own, never the shopper's file name, which is kept only as sanitised text to show
-- (display_name). A careers enquiry claims its CV once (claimed_at, then lead_id), within hours of the
-- upload; a CV is only ever reached through a signed, expiring link or the dealer's console.
CREATE TABLE careers_cvs (
  id uuid PRIMARY KEY,
  site_id integer NOT NULL,
  storage_key text NOT NULL,
  kind text NOT NULL,
  content_type text NOT NULL,
  display_name text NOT NULL,
  size integer NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  lead_id uuid
);
CREATE INDEX careers_cvs_lead ON careers_cvs (site_id, lead_id) WHERE lead_id IS NOT NULL;
CREATE INDEX careers_cvs_unclaimed ON careers_cvs (created_at) WHERE claimed_at IS NULL;
