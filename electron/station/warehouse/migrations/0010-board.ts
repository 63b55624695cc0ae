// The lead's board: what desks say about themselves (presence: last seen, operator, the open
// shipment, a printer problem), the backlog the desks' queues report, indexes the board's
// queries need, and a trigger that tells the board's listener something changed. Statement-level
// triggers send one notification per statement (a batch of 500 journal records is one), and
// PostgreSQL folds identical notifications of one transaction into one.
export default {
  version: 10,
  name: 'board',
  sql: `
CREATE TABLE desk_presence (
  desk                  text PRIMARY KEY,
  operator              text,
  last_seen             timestamptz NOT NULL,
  current_shipment      text,
  printer_problem       text,
  printer_problem_since timestamptz
);

-- Shipments waiting at the marketplace, as the last desk's queue search saw them.
CREATE TABLE backlog_shipments (
  shipment_id text PRIMARY KEY,
  dispatch_by timestamptz,
  reported_by text NOT NULL,
  reported_at timestamptz NOT NULL
);
CREATE INDEX backlog_shipments_dispatch_by ON backlog_shipments (dispatch_by);

CREATE INDEX journal_records_intent_id ON journal_records (desk, (record->>'id')) WHERE type = 'intent';
CREATE INDEX journal_records_session_id ON journal_records (desk, (record->>'sessionId')) WHERE type = 'session';
CREATE INDEX journal_records_desk_at ON journal_records (desk, at);
CREATE INDEX claims_wave ON claims (wave_id) WHERE wave_id IS NOT NULL;

CREATE FUNCTION board_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('warehouse_board', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER journal_records_board AFTER INSERT ON journal_records FOR EACH STATEMENT EXECUTE FUNCTION board_notify();
CREATE TRIGGER desk_presence_board AFTER INSERT OR UPDATE OR DELETE ON desk_presence FOR EACH STATEMENT EXECUTE FUNCTION board_notify();
CREATE TRIGGER claims_board AFTER INSERT OR UPDATE OR DELETE ON claims FOR EACH STATEMENT EXECUTE FUNCTION board_notify();
CREATE TRIGGER backlog_shipments_board AFTER INSERT OR UPDATE OR DELETE ON backlog_shipments FOR EACH STATEMENT EXECUTE FUNCTION board_notify();
`,
};
