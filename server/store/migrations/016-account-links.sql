-- Passwords are set only by whoever proves the inbox (issue 31 item 2, decision 104). Sign-up no
-- longer takes a password: an account waits without one until its emailed link is opened and a
-- password chosen on the page it opens. The same links reset a forgotten password, so the table of
-- confirmation links becomes the table of account links (one use each, stored as the token's SHA-256).
ALTER TABLE email_confirmations RENAME TO account_links;
ALTER INDEX email_confirmations_user RENAME TO account_links_user;
-- Why a link was sent: a new account's first password, or a reset. Only the email's words and how
-- long the link works differ; opening either sets the password and confirms the address.
ALTER TABLE account_links ADD COLUMN purpose text NOT NULL DEFAULT 'confirm'
  CHECK (purpose IN ('confirm', 'reset'));
ALTER TABLE account_links ALTER COLUMN purpose DROP DEFAULT;

-- An account nobody has confirmed has no password. One set at sign-up before this migration may be
-- a stranger's (signing up someone else's address kept the first password): it is dropped, and the
-- address's owner chooses one from the link.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
UPDATE users SET password_hash = NULL WHERE email_confirmed_at IS NULL;
