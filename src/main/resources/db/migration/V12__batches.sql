-- Batches (dev.cardgen.batch): many items in one request, each an ordinary generation carrying
-- batch_id and the client's reference.

CREATE TABLE batches (
    id                 TEXT PRIMARY KEY,
    account_id         TEXT        NOT NULL REFERENCES accounts (id),
    -- Round of the batch: 1, and one more per retry; each round has its own event stream.
    round              INTEGER     NOT NULL DEFAULT 1,
    all_or_nothing     BOOLEAN     NOT NULL,
    -- The export targets of every item ([{preset, format, width}]), JSON; '[]' for none.
    exports            TEXT        NOT NULL,
    -- Rows refused at validation ([{row, reference, code, message, param}]), JSON.
    rejected           TEXT        NOT NULL,
    base_url           TEXT        NOT NULL,
    canceled           BOOLEAN     NOT NULL DEFAULT false,
    stream_expires_at  TIMESTAMPTZ NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL,
    finished_at        TIMESTAMPTZ
);
CREATE INDEX batches_account ON batches (account_id, created_at DESC, id DESC);

CREATE TABLE batch_items (
    id             TEXT PRIMARY KEY,
    account_id     TEXT        NOT NULL REFERENCES accounts (id),
    batch_id       TEXT        NOT NULL REFERENCES batches (id),
    -- 1-based position of the item in the request (the CSV's data row).
    row_number     INTEGER     NOT NULL,
    reference      TEXT,
    -- The generation of the item's latest round (a retry makes a new one).
    generation_id  TEXT        NOT NULL,
    state          TEXT        NOT NULL CHECK (state IN ('pending', 'completed', 'failed', 'canceled')),
    error_code     TEXT,
    error_message  TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    finished_at    TIMESTAMPTZ,
    UNIQUE (batch_id, row_number)
);
CREATE INDEX batch_items_generation ON batch_items (generation_id);

ALTER TABLE generations ADD COLUMN batch_id TEXT REFERENCES batches (id);
ALTER TABLE generations ADD COLUMN reference TEXT;
CREATE INDEX generations_batch ON generations (batch_id) WHERE batch_id IS NOT NULL;
