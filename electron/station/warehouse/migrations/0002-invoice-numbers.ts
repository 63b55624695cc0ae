// One invoice series per seller registration (GSTIN) and financial year. Every number ever
// allocated has a row: reserved (to a shipment), used (the marketplace accepted the pack), void
// (with a reason), free (given back after a refused pack, taken again first) or block (held by
// one desk for an outage). The counter only grows; the rows explain every number below it.
export default {
  version: 2,
  name: 'invoice numbers',
  sql: `
CREATE TABLE invoice_series (
  registration   text NOT NULL,
  financial_year text NOT NULL,
  -- Set by the first number of the series; a desk with another prefix is refused.
  prefix         text NOT NULL,
  last_counter   integer NOT NULL DEFAULT 0 CHECK (last_counter >= 0),
  PRIMARY KEY (registration, financial_year)
);

CREATE TABLE invoice_numbers (
  registration   text NOT NULL,
  financial_year text NOT NULL,
  counter        integer NOT NULL CHECK (counter > 0),
  invoice_number text NOT NULL UNIQUE,
  status         text NOT NULL CHECK (status IN ('reserved', 'used', 'void', 'free', 'block')),
  desk           text,
  order_id       text,
  shipment_id    text,
  reserved_at    timestamptz,
  settled_at     timestamptz,
  void_reason    text,
  -- How often the marketplace refused a pack with this number, and why the last time.
  refusals       integer NOT NULL DEFAULT 0,
  refusal_reason text,
  PRIMARY KEY (registration, financial_year, counter)
);
CREATE INDEX invoice_numbers_open ON invoice_numbers (registration, financial_year, status, counter) WHERE status IN ('free', 'block', 'reserved');
CREATE UNIQUE INDEX invoice_numbers_open_shipment ON invoice_numbers (registration, shipment_id) WHERE status = 'reserved' AND shipment_id IS NOT NULL;
`,
};
