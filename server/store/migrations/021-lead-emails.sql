-- A lead's emails (issue 36 item 1, decision 123). A delivery now sends two messages — the ADF/XML to
-- the dealer's CRM intake, then the readable email to the sales team — and records the first sent, so
-- a retry after the second failed does not hand the CRM the same version again.
ALTER TABLE lead_deliveries ADD COLUMN crm_delivered_at timestamptz;

-- The site's address the shopper sent the lead from (as `emailLinkOrigin` names it: never the Host
-- header as sent), for the links a lead's emails carry (a trade-in's photos); null for a lead stored
-- before, or by a flow without a request.
ALTER TABLE leads ADD COLUMN origin text;

-- The shopper's acknowledgement of a lead: one per lead, written in the lead's transaction (so no
-- stored lead loses it, and storing the lead never waits on mail), sent from this outbox with retries
-- and given up after its tries, like the reservation receipts.
CREATE TABLE lead_acknowledgements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL UNIQUE REFERENCES leads (lead_id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  given_up_at timestamptz
);
CREATE INDEX lead_acknowledgements_due ON lead_acknowledgements (next_attempt_at)
  WHERE sent_at IS NULL AND given_up_at IS NULL;
