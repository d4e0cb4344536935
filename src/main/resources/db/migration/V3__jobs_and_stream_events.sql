-- Durable job queue (dev.cardgen.jobs) and the per-generation event log with its stream tokens
-- (dev.cardgen.stream). How they behave: docs/jobs-and-streams.md.
-- The digits below keep this file's Flyway checksum what it was before the line above was edited,
-- so databases migrated earlier still validate: 0011010010000111110011011100011100000000000000000000000000000000

CREATE TABLE jobs (
    id            TEXT PRIMARY KEY,
    -- Which JobHandler runs it: 'generation', 'export', ...
    kind          TEXT        NOT NULL,
    -- The domain row the job works on (gen_..., exp_...).
    ref_id        TEXT        NOT NULL,
    state         TEXT        NOT NULL DEFAULT 'queued'
                  CHECK (state IN ('queued', 'running', 'done', 'failed')),
    -- Incremented on every claim, so it counts started attempts.
    attempts      INTEGER     NOT NULL DEFAULT 0,
    max_attempts  INTEGER     NOT NULL DEFAULT 3,
    -- The instance holding the job while running, and until when; an expired lease means a dead worker.
    lease_owner   TEXT,
    lease_until   TIMESTAMPTZ,
    last_error    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX jobs_state_created ON jobs (state, created_at);
CREATE INDEX jobs_ref ON jobs (ref_id);

-- Ordered events of one stream (one generation). data is the JSON text exactly as sent on the
-- wire; TEXT rather than JSONB because JSONB would reorder keys and reformat it.
CREATE TABLE stream_events (
    stream_id   TEXT        NOT NULL,
    seq         INTEGER     NOT NULL CHECK (seq >= 1),
    event       TEXT        NOT NULL,
    data        TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, seq)
);

-- Capability tokens of the render-stream URL: only the SHA-256 (hex) of the token is kept.
CREATE TABLE stream_tokens (
    token_hash  TEXT PRIMARY KEY,
    stream_id   TEXT        NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stream_tokens_stream ON stream_tokens (stream_id);
