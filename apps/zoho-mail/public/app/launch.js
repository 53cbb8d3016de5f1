/*
 * The widget pages' one script. Zoho serves the package's pages itself, and its packaging tool
 * accepts only them (or pages on Zoho's domains) as a widget's page; Vocal records with workers
 * and WebAssembly from its own server. So the frame moves there, keeping Zoho's parameters and
 * naming the location it opened in (the page's data-location).
 */
(function () {
  var widgetLocation = document.currentScript.getAttribute('data-location');
  var target = new URL('%PUBLIC_URL%/hosts/zoho-mail/widget.html');
  new URLSearchParams(window.location.search).forEach(function (value, key) {
    target.searchParams.append(key, value);
  });
  target.searchParams.set('location', widgetLocation);
  target.hash = window.location.hash;
  window.location.replace(target.href);
})();
