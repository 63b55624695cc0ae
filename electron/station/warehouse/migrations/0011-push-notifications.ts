// Push notifications (spec § Events; the envelope of shared/api/notifications.ts), stored once by
// the receiver (`station receive`) and read by every desk. The dedup key is unique, so a
// redelivered notification inserts nothing; each stored row tells the desks at once through a
// row-level NOTIFY whose payload is small (id, shipment, kind: PostgreSQL limits a payload to
// 8000 bytes and a shipment_created record can be larger): desks read the row itself.
export default {
  version: 11,
  name: 'push-notifications',
  sql: `
CREATE TABLE push_notifications (
  id          bigserial PRIMARY KEY,
  dedup_key   text NOT NULL UNIQUE,
  shipment_id text NOT NULL,
  event_type  text NOT NULL,
  event_at    timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  envelope    jsonb NOT NULL
);
CREATE INDEX push_notifications_shipment ON push_notifications (shipment_id, id);

CREATE FUNCTION push_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('push_notifications', json_build_object('id', NEW.id, 'shipmentId', NEW.shipment_id, 'eventType', NEW.event_type)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER push_notifications_notify AFTER INSERT ON push_notifications FOR EACH ROW EXECUTE FUNCTION push_notify();
`,
};
