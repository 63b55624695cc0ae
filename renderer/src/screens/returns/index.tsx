// The Returns screen.
export default function ReturnsScreen() {
  return (
    <section aria-label="Returns">
      <h1>Returns</h1>
    </section>
  );
}
