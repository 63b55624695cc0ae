// Every desk's journal, shipped as an outbox: one row per (desk, seq), so a record sent twice
// (a retry after a cut link) is stored once.
export default {
  version: 4,
  name: 'journal records',
  sql: `
CREATE TABLE journal_records (
  desk        text NOT NULL,
  seq         bigint NOT NULL,
  type        text NOT NULL,
  at          timestamptz NOT NULL,
  record      jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (desk, seq)
);
CREATE INDEX journal_records_at ON journal_records (at);
`,
};
