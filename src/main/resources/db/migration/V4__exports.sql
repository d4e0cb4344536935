-- Exports: one variant of a completed generation rendered at a preset's exact size (issue: exports).
-- Rows stay after their asset is deleted: the render uses the generation's own product cut-out.

CREATE TABLE exports (
    id              TEXT PRIMARY KEY,
    account_id      TEXT        NOT NULL REFERENCES accounts (id),
    project_id      TEXT        NOT NULL REFERENCES projects (id),
    generation_id   TEXT        NOT NULL REFERENCES generations (id),
    variant         INTEGER     NOT NULL CHECK (variant BETWEEN 0 AND 3),
    preset          TEXT        NOT NULL,
    format          TEXT        NOT NULL CHECK (format IN ('png', 'jpeg')),
    width           INTEGER     NOT NULL CHECK (width > 0),
    height          INTEGER     NOT NULL CHECK (height > 0),
    status          TEXT        NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
    -- Set when ready: the stored file (key built from the export id only) and its size.
    blob_key        TEXT,
    bytes           BIGINT,
    error_code      TEXT,
    error_message   TEXT,
    created_at      TIMESTAMPTZ NOT NULL,
    completed_at    TIMESTAMPTZ,
    CHECK (status <> 'ready' OR (blob_key IS NOT NULL AND bytes IS NOT NULL)),
    CHECK (status <> 'failed' OR error_code IS NOT NULL)
);
CREATE INDEX exports_account ON exports (account_id, created_at DESC, id DESC);
CREATE INDEX exports_generation ON exports (generation_id, created_at DESC, id DESC);
CREATE INDEX exports_project ON exports (project_id, created_at DESC, id DESC);
