// A number reserved for a shipment belongs to the desk that reserved it: a desk that takes the
// shipment's claim over reserves a number of its own, while the first desk's stays reserved until
// its pack's fate is known (warehouse-invoice-series.ts). So a shipment may hold one open number
// per desk, never two at one desk.
export default {
  version: 21,
  name: 'invoice-numbers-open-per-desk',
  sql: `DROP INDEX invoice_numbers_open_shipment;
CREATE UNIQUE INDEX invoice_numbers_open_shipment ON invoice_numbers (registration, shipment_id, desk) WHERE status = 'reserved' AND shipment_id IS NOT NULL;`,
};
