// The Activity screen.
export default function ActivityScreen() {
  return (
    <section aria-label="Activity">
      <h1>Activity</h1>
    </section>
  );
}
