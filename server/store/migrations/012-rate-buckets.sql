-- Rate limits shared by every process over one PostgreSQL (issue 20 item 2, decision 093): one token
-- bucket per kind, client address and route (or per account). `tokens` and `at` are the bucket after
-- its last take; `granted` whether that take got a token. A bucket full again says nothing a missing
-- row would not: the sweep deletes it.
CREATE TABLE rate_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  at timestamptz NOT NULL,
  granted boolean NOT NULL,
  capacity double precision NOT NULL CHECK (capacity > 0),
  per_second double precision NOT NULL CHECK (per_second > 0)
);
