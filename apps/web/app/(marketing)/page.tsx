export default function Home() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-6 py-24">
      <h1 className="text-5xl font-semibold tracking-tight">Nimbus</h1>
      <p className="mt-4 text-lg text-muted">Build and host your sites. One command to a live URL.</p>
    </main>
  );
}
