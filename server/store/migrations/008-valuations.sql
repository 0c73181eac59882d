-- Trade-in valuations (issue 16): each valuation a site started, by its provider EvalID, with the
-- provider's record and the customer's kilometres once given. A later step (images, the customer's
-- details, the lead) can only name a valuation of its own site.
CREATE TABLE valuations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  eval_id text NOT NULL,
  rego text,
  state text,
  record jsonb NOT NULL,
  km integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, eval_id)
);
