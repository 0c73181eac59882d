-- Leads (issue 15; search-detail-finance-watchlist.md §3 "Lead payload (userData)", §7 "Lead
-- submission"): one row per lead, its payload as the shopper sent it, and one delivery job per
-- version to hand to the dealer. A lead and its job are written in one transaction, so no
-- acknowledged lead is left without a delivery. A repeated Idempotency-Key finds its lead again.
CREATE TABLE leads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL UNIQUE,
  site_id integer NOT NULL,
  dealership_id integer NOT NULL,
  car_id integer,
  category text NOT NULL,
  subcategory text,
  payload jsonb NOT NULL,
  idempotency_key text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, idempotency_key)
);
CREATE INDEX leads_site_created ON leads (site_id, created_at);

CREATE TABLE lead_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (lead_id),
  version integer NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text,
  UNIQUE (lead_id, version)
);
CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
