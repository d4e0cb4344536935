-- Generations, their variants, and idempotency keys (issue: generations).

CREATE TABLE generations (
    id                  TEXT PRIMARY KEY,
    account_id          TEXT        NOT NULL REFERENCES accounts (id),
    project_id          TEXT        NOT NULL REFERENCES projects (id),
    asset_id            TEXT        NOT NULL REFERENCES assets (id),
    status              TEXT        NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    variants_requested  INTEGER     NOT NULL CHECK (variants_requested BETWEEN 1 AND 4),
    template            TEXT        NOT NULL,
    marketplace         TEXT,
    ratio               TEXT        NOT NULL,
    -- The texts actually used (after filling), JSON.
    texts               TEXT        NOT NULL,
    seed                BIGINT      NOT NULL,
    -- Base of absolute URLs in events and bodies, taken from the creating request.
    base_url            TEXT        NOT NULL,
    quota_period        TEXT        NOT NULL,
    error_code          TEXT,
    error_message       TEXT,
    stream_expires_at   TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL,
    started_at          TIMESTAMPTZ,
    completed_at        TIMESTAMPTZ
);
CREATE INDEX generations_account ON generations (account_id, created_at DESC, id DESC);

CREATE TABLE generation_variants (
    generation_id   TEXT        NOT NULL REFERENCES generations (id),
    idx             INTEGER     NOT NULL CHECK (idx BETWEEN 0 AND 3),
    -- The variant's design (render.Design as JSON): previews and exports are rendered from it.
    design          TEXT        NOT NULL,
    preview_width   INTEGER     NOT NULL,
    preview_height  INTEGER     NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (generation_id, idx)
);

-- Stripe-style idempotency: one row per (account, endpoint, key), kept 24 h.
CREATE TABLE idempotency_keys (
    account_id       TEXT        NOT NULL REFERENCES accounts (id),
    endpoint         TEXT        NOT NULL,
    idem_key         TEXT        NOT NULL,
    request_hash     TEXT        NOT NULL,
    -- NULL while the first request is still in flight.
    response_status  INTEGER,
    response_body    TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (account_id, endpoint, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
