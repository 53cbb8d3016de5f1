/*
 * The Vocal server this extension package talks to. The package is Zoho's to serve (its widget
 * pages run on Zoho's own origin, where Zoho's SDK talks to them), so the widget calls our API
 * across origins: the server fills in its public URL as it makes the package (app.zip).
 */
window.vocalServer = '%PUBLIC_URL%';
