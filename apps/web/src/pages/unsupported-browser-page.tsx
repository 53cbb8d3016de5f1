/** Shown when the browser cannot record (no microphone API or no AudioWorklet). */
export default function UnsupportedBrowserPage() {
  return (
    <section className="error-page">
      <h1 className="error-page__title">This browser cannot record voice messages</h1>
      <p className="error-page__text">
        Open this page in an up-to-date Chrome, Edge, Firefox or Safari. Listening to messages works everywhere.
      </p>
    </section>
  );
}
