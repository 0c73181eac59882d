-- Email confirmation (issue 14 item 8): sign-up answers alike for new and known emails, so an
-- account is confirmed through an emailed link before it signs in. Accounts made before this
-- migration were signed in at once: they count as confirmed.
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;
UPDATE users SET email_confirmed_at = created_at;

-- One row per link sent: the token's SHA-256 (the token itself is only in the email), whose
-- account it confirms, until when, and when it was used (a link signs in once; opened again — by
-- the shopper, or by a mail scanner before them — it leads to the sign-in form).
CREATE TABLE email_confirmations (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_confirmations_user ON email_confirmations (user_id);
