// Two roles: the lead's login that owns the tables and runs these migrations (`station warehouse
// migrate`), and the group role station_desk whose logins the desks use, with only the rights a
// desk needs: it reads and writes rows, never creates, alters or drops anything, never deletes a
// claim, a number, a journal record or an operator. Desks are keyed by their identity (a random id
// made once per desk, desk-identity.ts) next to their display name: desk_id on claims, invoice
// numbers, journal records and presence. Rows written before keep desk_id NULL and are matched by
// the name, as before.
export const DESK_ROLE = 'station_desk';

export default {
  version: 22,
  name: 'desk-role-and-identity',
  sql: `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${DESK_ROLE}') THEN
    BEGIN
      CREATE ROLE ${DESK_ROLE} NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL; -- another database's migration made it meanwhile
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION 'The role ${DESK_ROLE} does not exist and this login may not create roles. Ask the database administrator to run: CREATE ROLE ${DESK_ROLE} NOLOGIN; then run station warehouse migrate again.';
    END;
  END IF;
END $$;
-- PostgreSQL before 15 lets every role create tables in the public schema.
DO $$ BEGIN
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;
EXCEPTION WHEN insufficient_privilege THEN NULL;
END $$;

ALTER TABLE claims ADD COLUMN desk_id text;
ALTER TABLE claim_events ADD COLUMN desk_id text;
ALTER TABLE invoice_numbers ADD COLUMN desk_id text;
ALTER TABLE journal_records ADD COLUMN desk_id text;
ALTER TABLE desk_presence ADD COLUMN desk_id text;
-- A desk's records are one per (identity, seq); older rows, without an identity, per (name, seq).
ALTER TABLE journal_records DROP CONSTRAINT journal_records_pkey;
CREATE UNIQUE INDEX journal_records_desk_seq ON journal_records ((coalesce(desk_id, desk)), seq);
DROP INDEX invoice_numbers_open_shipment;
CREATE UNIQUE INDEX invoice_numbers_open_shipment ON invoice_numbers (registration, shipment_id, (coalesce(desk_id, desk))) WHERE status = 'reserved' AND shipment_id IS NOT NULL;

GRANT USAGE ON SCHEMA public TO ${DESK_ROLE};
GRANT SELECT ON schema_migrations TO ${DESK_ROLE};
GRANT SELECT, INSERT, UPDATE ON claims, invoice_series, invoice_numbers, desk_presence, operators TO ${DESK_ROLE};
GRANT SELECT, INSERT ON claim_events, journal_records, push_notifications TO ${DESK_ROLE};
GRANT SELECT, INSERT, DELETE ON packed_serials TO ${DESK_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON backlog_shipments TO ${DESK_ROLE};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${DESK_ROLE};
`,
};
