/**
 * The access tables, as plain SQL migrations applied by the access service itself at start-up through
 * the one migration runner (libs/database/src/migrations.ts), under its own advisory lock and its own
 * migrations table (so nothing shared with the store or the read models is touched).
 */
import type { SqlMigration } from '../../database/src/migrations';

export const ACCESS_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: 'credentials, signing keys and the access log',
    sql: `
-- the HMAC keys that sign people's tokens; generated on first start, never leave the database
CREATE TABLE ca_access_signing_keys (
  kid         text PRIMARY KEY,
  secret      bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);

-- every credential ever issued: API keys (terminals) and tokens (people); only hashes are kept
CREATE TABLE ca_credentials (
  id             text PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('api-key', 'token')),
  subject        text NOT NULL,
  roles          text[] NOT NULL CHECK (cardinality(roles) > 0),
  casino_id      text,
  table_ids      text[] NOT NULL DEFAULT '{}',
  secret_hash    text NOT NULL,
  issued_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  issued_by      text NOT NULL,
  expires_at     timestamptz,
  revoked_at     timestamptz,
  revoked_by     text,
  revoke_reason  text
);
CREATE INDEX ca_credentials_active ON ca_credentials (kind) WHERE revoked_at IS NULL;

-- a credential is never deleted nor edited: it may only be revoked, once (the revocation list)
CREATE FUNCTION ca_credentials_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'credentials are never deleted: revoke them' USING ERRCODE = 'CA010';
  END IF;
  IF OLD.revoked_at IS NOT NULL OR NEW.revoked_at IS NULL
     OR (NEW.id, NEW.kind, NEW.subject, NEW.roles, NEW.casino_id, NEW.table_ids, NEW.secret_hash, NEW.issued_at, NEW.issued_by, NEW.expires_at)
        IS DISTINCT FROM (OLD.id, OLD.kind, OLD.subject, OLD.roles, OLD.casino_id, OLD.table_ids, OLD.secret_hash, OLD.issued_at, OLD.issued_by, OLD.expires_at) THEN
    RAISE EXCEPTION 'a credential can only be revoked, once' USING ERRCODE = 'CA010';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ca_credentials_guard BEFORE UPDATE OR DELETE ON ca_credentials
  FOR EACH ROW EXECUTE FUNCTION ca_credentials_guard();

-- who read what: every replay, report and export request (and every refused attempt at one)
CREATE TABLE ca_access_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT clock_timestamp(),
  credential_id  text,
  subject        text NOT NULL,
  roles          text[] NOT NULL,
  kind           text NOT NULL,
  method         text NOT NULL,
  route          text NOT NULL,
  path           text NOT NULL,
  params         jsonb NOT NULL DEFAULT '{}'::jsonb,
  query          jsonb NOT NULL DEFAULT '{}'::jsonb,
  format         text NOT NULL,
  outcome        text NOT NULL CHECK (outcome IN ('allowed', 'denied')),
  reason         text
);
CREATE INDEX ca_access_log_at ON ca_access_log (at);

CREATE FUNCTION ca_access_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the access log is append-only: % refused', TG_OP USING ERRCODE = 'CA011';
END $$;
CREATE TRIGGER ca_access_log_no_update BEFORE UPDATE OR DELETE ON ca_access_log
  FOR EACH ROW EXECUTE FUNCTION ca_access_log_is_append_only();
CREATE TRIGGER ca_access_log_no_truncate BEFORE TRUNCATE ON ca_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION ca_access_log_is_append_only();
`,
  },
  {
    version: 2,
    name: 'refused credentials in the access log, aggregated per minute; the failed-login limiter',
    sql: `
-- a refused credential (unknown, malformed, revoked, expired, bad signature) is a row of kind
-- 'credential': the caller's address, the credential id it claimed (unverified) and the reason; repeats
-- of the same (address, claimed id, reason) within one minute add to that row's attempts
ALTER TABLE ca_access_log
  ADD COLUMN address text,
  ADD COLUMN claimed_credential_id text,
  ADD COLUMN attempts integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
  ADD COLUMN last_at timestamptz,
  ADD COLUMN refusal_minute timestamptz;
CREATE UNIQUE INDEX ca_access_log_refusal_minute ON ca_access_log
  (refusal_minute, (coalesce(address, '')), (coalesce(claimed_credential_id, '')), (coalesce(reason, '')))
  WHERE refusal_minute IS NOT NULL;

-- still append-only, with one exception: the repeat count (and last time) of a refused-credential row grows
CREATE OR REPLACE FUNCTION ca_access_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.refusal_minute IS NOT NULL AND NEW.attempts > OLD.attempts
     AND NEW.last_at >= coalesce(OLD.last_at, OLD.at)
     AND to_jsonb(NEW) - 'attempts' - 'last_at' = to_jsonb(OLD) - 'attempts' - 'last_at' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the access log is append-only: % refused', TG_OP USING ERRCODE = 'CA011';
END $$;

-- failures per address, shared by every node (rate-limiter-flexible's PostgreSQL store; its own layout)
CREATE TABLE ca_access_login_failures (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
`,
  },
  {
    version: 3,
    name: 'the answer each request got: its status, the request id; requests without a credential and to no route',
    sql: `
-- written once the answer is known (apps/api/src/auth/access-recorder.ts), so a route's own refusal
-- (an unknown round, a cursor of another list) is in the log as what it was; older rows have no status.
-- Requests with no credential, to no route, or refused before the route (a body that is not JSON) are
-- rows of kind 'anonymous', aggregated per minute, address and reason like refused credentials.
ALTER TABLE ca_access_log
  ADD COLUMN status smallint CHECK (status BETWEEN 100 AND 599),
  ADD COLUMN request_id text;
`,
  },
];
