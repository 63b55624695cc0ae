// Serials and IMEIs packed anywhere in the warehouse: the primary key refuses the second pack.
export default {
  version: 3,
  name: 'serials',
  sql: `
CREATE TABLE packed_serials (
  serial      text PRIMARY KEY,
  sku         text,
  shipment_id text NOT NULL,
  desk        text NOT NULL,
  operator    text,
  packed_at   timestamptz NOT NULL
);
CREATE INDEX packed_serials_shipment ON packed_serials (shipment_id);
`,
};
