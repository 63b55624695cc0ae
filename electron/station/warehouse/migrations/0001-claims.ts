// Claims: which desk holds which shipment, until when (the lease), and when it was packed. A row
// without a desk is a wave candidate nobody holds: waves lock existing rows with SKIP LOCKED.
export default {
  version: 1,
  name: 'claims',
  sql: `
CREATE TABLE claims (
  shipment_id text PRIMARY KEY,
  desk        text,
  operator    text,
  claimed_at  timestamptz,
  lease_until timestamptz,
  wave_id     text,
  packed_at   timestamptz,
  CHECK ((desk IS NULL) = (lease_until IS NULL))
);
CREATE INDEX claims_desk ON claims (desk) WHERE desk IS NOT NULL;

-- Who took a claim from whom: a lead's release, a takeover of an expired lease.
CREATE TABLE claim_events (
  id          bigserial PRIMARY KEY,
  shipment_id text NOT NULL,
  event       text NOT NULL CHECK (event IN ('released', 'released_by_lead', 'taken_over')),
  desk        text,
  operator    text,
  previous_desk text,
  previous_operator text,
  by_whom     text,
  at          timestamptz NOT NULL
);
CREATE INDEX claim_events_shipment ON claim_events (shipment_id);
`,
};
