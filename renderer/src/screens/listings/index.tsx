// The Listings screen.
export default function ListingsScreen() {
  return (
    <section aria-label="Listings">
      <h1>Listings</h1>
    </section>
  );
}
