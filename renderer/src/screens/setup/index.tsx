// The Setup screen.
export default function SetupScreen() {
  return (
    <section aria-label="Setup">
      <h1>Setup</h1>
    </section>
  );
}
