-- The dealer console's staff (issue 36 items 2 and 8, decision 125). Each dealer site has its own
-- members: the same email on two sites is two members, and a member's session works only on the site
-- that started it. Passwords are scrypt hashes (as shoppers'), session and invitation tokens are
-- stored only as their SHA-256, and a TOTP secret only once its member has confirmed a code from it.
CREATE TABLE staff_members (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('manager', 'sales')),
  password_hash text NOT NULL,
  -- Confirmed: sign-in asks for a code. Pending: shown once at enrolment, waiting for its first code.
  totp_secret text,
  totp_pending_secret text,
  -- The last time step a code was accepted for, so one code is not taken twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, email)
);

-- One-use, expiring invitations, emailed as a link on the dealer's site.
CREATE TABLE staff_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  site_id integer NOT NULL,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('manager', 'sales')),
  -- Null when the operator invited (`npm run staff`).
  invited_by integer REFERENCES staff_members (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_invitations_site ON staff_invitations (site_id, email);

-- The console's sessions: their own cookie and a shorter life than shoppers' (12 h from sign-in,
-- 2 h idle).
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  member_id integer NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  site_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_member ON staff_sessions (member_id);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

-- Every change made in the console (or to the staff by the operator), written in the change's own
-- transaction. A member removed later leaves their entries, without the link.
CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  staff_id integer REFERENCES staff_members (id) ON DELETE SET NULL,
  action text NOT NULL,
  subject text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_site_at ON audit_log (site_id, at DESC, id DESC);
