-- Webhook endpoints and their deliveries (dev.cardgen.webhook). See docs/webhooks.md.

CREATE TABLE webhook_endpoints (
    id             TEXT PRIMARY KEY,
    account_id     TEXT        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url            TEXT        NOT NULL,
    -- Subscribed event types, comma-separated (a short fixed vocabulary).
    events         TEXT        NOT NULL,
    description    TEXT,
    disabled       BOOLEAN     NOT NULL DEFAULT false,
    -- The signing secret sealed with AES-256-GCM under a key derived from cardgen.signing-key.
    secret_sealed  TEXT        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

-- One event to one endpoint. The payload is the exact body sent on every attempt; attempts is a
-- JSON array of {started_at, duration_ms, status_code, error}.
CREATE TABLE webhook_deliveries (
    id               TEXT PRIMARY KEY,
    endpoint_id      TEXT        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    account_id       TEXT        NOT NULL,
    event_id         TEXT        NOT NULL,
    event_type       TEXT        NOT NULL,
    payload          TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts         TEXT        NOT NULL DEFAULT '[]',
    -- When the next attempt is due; null once the delivery has ended.
    next_attempt_at  TIMESTAMPTZ,
    -- True while a job for the next attempt sits in the job queue.
    enqueued         BOOLEAN     NOT NULL DEFAULT false,
    created_at       TIMESTAMPTZ NOT NULL,
    completed_at     TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending' AND NOT enqueued;
-- For a retention sweeper: ended deliveries by age.
CREATE INDEX webhook_deliveries_ended ON webhook_deliveries (completed_at) WHERE status <> 'pending';
