-- The leads inbox (issue 36 item 3): what the dealer's staff did with a lead. Its status moves through
-- new → contacted → appointment → sold | lost (any to any: a sales member corrects a slip); a lead
-- stored before this migration is new. Notes are the team's own words about it, each with who wrote
-- it and when; they are never sent anywhere and never change the lead's payload or its ADF.
ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'contacted', 'appointment', 'sold', 'lost'));
ALTER TABLE leads ADD COLUMN status_changed_at timestamptz;

CREATE TABLE lead_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (lead_id) ON DELETE CASCADE,
  staff_id integer REFERENCES staff_members (id) ON DELETE SET NULL,
  staff_name text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_notes_lead ON lead_notes (lead_id, id);

-- The inbox lists a site's leads newest first (paged by (created_at, id)), filtered by status, type
-- (category) and dealership; each filter keeps the newest-first order in its index.
CREATE INDEX leads_site_newest ON leads (site_id, created_at DESC, id DESC);
CREATE INDEX leads_site_status ON leads (site_id, status, created_at DESC);
CREATE INDEX leads_site_category ON leads (site_id, category, created_at DESC);
CREATE INDEX leads_site_dealership ON leads (site_id, dealership_id, created_at DESC);
