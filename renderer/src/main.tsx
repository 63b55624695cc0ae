import { createRoot } from 'react-dom/client';

function App() {
  return <main aria-label="Packing Station">Packing Station</main>;
}

createRoot(document.getElementById('root')!).render(<App />);
